import { beforeAll, describe, expect, it } from 'vitest';
import { ExprKind, debugString, parseCel, type CelParseResult, type Expr } from './index';
import { loadSyntaxErrors } from './syntaxErrors';

// Syntax errors are checked word for word: the model that words them as cel-go does loads first.
beforeAll(() => loadSyntaxErrors());

function ast(src: string): string {
  const r = parseCel(src);
  if (!r.ok) throw new Error(`${JSON.stringify(src)}: ${r.error.message}`);
  return debugString(r.expr);
}

function expr(src: string): Expr {
  const r = parseCel(src);
  if (!r.ok) throw new Error(r.error.message);
  return r.expr;
}

function error(src: string, maxRecursionDepth?: number): { message: string; text: string } {
  const r: CelParseResult = parseCel(src, maxRecursionDepth === undefined ? {} : { maxRecursionDepth });
  if (r.ok) throw new Error(`${JSON.stringify(src)} parsed as ${debugString(r.expr)}`);
  return { message: r.error.message, text: src.slice(r.error.start, r.error.end) };
}

describe('CEL parser: trees', () => {
  it.each([
    ['"A"', '"A"'],
    ['0xF', '15'],
    ['0xFu', '15u'],
    ['23.39', '23.39'],
    ['b"abc" + B"def"', '_+_(b"abc", b"def")'],
    ['null', 'null'],
    ['a?b:c', '_?_:_(a, b, c)'],
    ['a in b', '@in(a, b)'],
    ['a != b', '_!=_(a, b)'],
    ['a <= b', '_<=_(a, b)'],
    ['a[b]', '_[_](a, b)'],
    ['a.b(c)', 'a.b(c)'],
    ['size(x) == x.size()', '_==_(size(x), x.size())'],
    ['1 + 2 * 3 - 1 / 2 == 6 % 1', '_==_(_-_(_+_(1, _*_(2, 3)), _/_(1, 2)), _%_(6, 1))'],
    ['false && !true || false ? 2 : 3', '_?_:_(_||_(_&&_(false, !_(true)), false), 2, 3)'],
    ['x["a"].single_int32 == 23', '_==_(_[_](x, "a").single_int32, 23)'],
    ['a < 1 < 2', '_<_(_<_(a, 1), 2)'],
  ])('reads %s as %s', (src, want) => {
    expect(ast(src)).toBe(want);
  });

  it('balances || and && chains the way cel-go does, keeping the written order', () => {
    expect(ast('a || b || c || d || e || f')).toBe('_||_(_||_(_||_(a, b), c), _||_(_||_(d, e), f))');
    expect(ast('a && b && c && d && e && f && g')).toBe('_&&_(_&&_(_&&_(a, b), _&&_(c, d)), _&&_(_&&_(e, f), g))');
  });

  it('folds a minus sign into int and double literals', () => {
    expect(ast('-1')).toBe('-1');
    expect(ast('- 1')).toBe('-1');
    expect(ast('-9223372036854775808')).toBe('-9223372036854775808');
    expect(ast('4--4')).toBe('_-_(4, -4)');
    expect(ast('4--4.1')).toBe('_-_(4, -4.1)');
    expect(ast('-.2.V')).toBe('-0.2.V');
    expect(ast('!-2.V')).toBe('!_(-2.V)');
  });

  it('drops an even run of ! or - and keeps one operator for an odd run', () => {
    expect(ast('- -1')).toBe('1');
    expect(ast('--a')).toBe('a');
    expect(ast('---a')).toBe('-_(a)');
    expect(ast('!!a')).toBe('a');
    expect(ast('!!!a')).toBe('!_(a)');
    expect(ast('-1u')).toBe('-_(1u)');
    expect(ast('-x.foo[0]')).toBe('-_(_[_](x.foo, 0))');
  });

  it('builds messages from dotted names followed by braces, and maps from bare braces', () => {
    expect(ast('foo{ }')).toBe('foo{}');
    expect(ast('a.b.Msg{f: 1, g: x}')).toBe('a.b.Msg{f: 1, g: x}');
    expect(ast('.a.Msg{}')).toBe('.a.Msg{}');
    expect(ast('{}')).toBe('{}');
    expect(ast('{1:2u, 2:3u}')).toBe('{1: 2u, 2: 3u}');
    expect(expr('a{}').kind).toBe(ExprKind.Struct);
    expect(expr('{}').kind).toBe(ExprKind.Map);
  });

  it('allows a trailing comma in lists, maps and messages but not in calls', () => {
    expect(ast('[3, 4, 5,]')).toBe('[3, 4, 5]');
    expect(ast('[,]')).toBe('[]');
    expect(ast('{foo: 5, bar: "xyz", }')).toBe('{foo: 5, bar: "xyz"}');
    expect(ast('{,}')).toBe('{}');
    expect(ast('M{a: 1,}')).toBe('M{a: 1}');
    expect(error('foo(a,b,)').message).toMatch(/^Syntax error: /);
    expect(error('[1,,]').message).toMatch(/^Syntax error: /);
  });

  it('keeps a leading dot in identifier and function names', () => {
    expect(ast('.a.b')).toBe('.a.b');
    expect(ast('.f(x)')).toBe('.f(x)');
    expect(ast('. a')).toBe('.a');
  });

  it('treats parentheses as grouping only', () => {
    expect(ast('((a))')).toBe('a');
    expect(ast('(a.b.c).d')).toBe('a.b.c.d');
    expect(ast('(a || b) || c')).toBe('_||_(_||_(a, b), c)');
  });

  it('decodes string escapes into the literal value', () => {
    expect(ast(String.raw`"\xC3\XBF"`)).toBe('"Ã¿"');
    expect(ast(String.raw`"\U000003A8\?"`)).toBe('"Ψ?"');
    expect(ast(String.raw`"""hello\"""world"""`)).toBe('"hello\\"\\"\\"world"');
  });

  it('records source offsets on every node', () => {
    const e = expr('  f(a.b, [1])');
    expect([e.start, e.end]).toEqual([2, 13]);
    if (e.kind !== ExprKind.Call) throw new Error('not a call');
    expect([e.fnSpan.start, e.fnSpan.end]).toEqual([2, 3]);
    expect(e.args.map((a) => [a.start, a.end])).toEqual([
      [4, 7],
      [9, 12],
    ]);
  });
});

describe('CEL parser: errors cel-go reports with its own words', () => {
  it('rejects literals outside the 64-bit range', () => {
    expect(error('0xFFFFFFFFFFFFFFFFF')).toEqual({ message: 'invalid int literal', text: '0xFFFFFFFFFFFFFFFFF' });
    expect(error('9223372036854775808').message).toBe('invalid int literal');
    expect(error('-9223372036854775809').message).toBe('invalid int literal');
    expect(error('0xFFFFFFFFFFFFFFFFFu').message).toBe('invalid uint literal');
    expect(error('18446744073709551616u').message).toBe('invalid uint literal');
    expect(ast('18446744073709551615u')).toBe('18446744073709551615u');
    expect(error('1.99e90000009').message).toBe('invalid double literal');
    expect(ast('1e-400')).toBe('0.0');
  });

  it('rejects reserved words as identifiers or function names, but not as field names', () => {
    for (const word of ['as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']) {
      expect(error(word)).toEqual({ message: `reserved identifier: ${word}`, text: word });
    }
    expect(error('if(a)').message).toBe('reserved identifier: if');
    expect(ast('a.if')).toBe('a.if');
    expect(ast('if{}')).toBe('if{}');
    expect(error('in').message).toMatch(/^Syntax error: /);
  });

  it('rejects optional syntax, which the apiserver does not enable', () => {
    expect(error('a.?b')).toEqual({ message: "unsupported syntax '.?'", text: '.?' });
    expect(error('a[?b]')).toEqual({ message: "unsupported syntax '[?'", text: '[?' });
    expect(error('[?a, ?b]')).toEqual({ message: "unsupported syntax '?'", text: '?' });
    expect(error("{?'key': value}").message).toBe("unsupported syntax '?'");
    expect(error('Msg{?field: value}').message).toBe("unsupported syntax '?'");
  });

  it('rejects a \\u escape of a surrogate', () => {
    expect(error(String.raw`'\udead' == '\ufffd'`)).toEqual({ message: 'invalid unicode code point', text: String.raw`'\udead'` });
  });

  it('reports the first error in cel-go\'s visiting order', () => {
    // The tree is built left to right, so the leftmost problem wins.
    expect(error('[if, 0xFFFFFFFFFFFFFFFFF]').message).toBe('reserved identifier: if');
    expect(error('[0xFFFFFFFFFFFFFFFFF, if]').message).toBe('invalid int literal');
    // A grammar error anywhere comes before any tree-building error.
    expect(error('0xFFFFFFFFFFFFFFFFF + )').message).toMatch(/^Syntax error: /);
  });

  it('refuses more than 100,000 code points before parsing anything', () => {
    expect(error('a'.repeat(100_001)).message).toBe('expression code point size exceeds limit: size: 100001, limit 100000');
    expect(error('😀'.repeat(100_001)).message).toBe('expression code point size exceeds limit: size: 100001, limit 100000');
    expect(parseCel('a'.repeat(100_000)).ok).toBe(true);
  });
});

const EXPRESSION_START = "{'[', '{', '(', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}";

function hint(src: string): string | undefined {
  const r = parseCel(src);
  if (r.ok) throw new Error(`${JSON.stringify(src)} parsed`);
  return r.error.hint;
}

describe('CEL parser: syntax errors, as cel-go words and places them', () => {
  it('reports a token the grammar cannot take as ANTLR does: mismatched, extraneous, missing, no viable alternative', () => {
    expect(error('1 + +')).toEqual({ message: `Syntax error: mismatched input '+' expecting ${EXPRESSION_START}`, text: '+' });
    expect(error('1 + 2\n3 +')).toEqual({ message: "Syntax error: mismatched input '3' expecting <EOF>", text: '3' });
    expect(error('f(a b)')).toEqual({ message: "Syntax error: extraneous input 'b' expecting ')'", text: 'b' });
    expect(error('f(,)').message).toBe(
      "Syntax error: extraneous input ',' expecting {'[', '{', '(', ')', '.', '-', '!', 'true', 'false', 'null', NUM_FLOAT, NUM_INT, NUM_UINT, STRING, BYTES, IDENTIFIER}",
    );
    expect(error('[1 2]').message).toBe("Syntax error: extraneous input '2' expecting {']', ','}");
    expect(error('M{1: 2}').message).toBe("Syntax error: mismatched input '1' expecting {'}', ',', '?', IDENTIFIER, ESC_IDENTIFIER}");
    expect(error('{a}').message).toBe("Syntax error: mismatched input '}' expecting ':'");
    expect(error('{"a": 1}."a"')).toEqual({ message: `Syntax error: no viable alternative at input '."a"'`, text: '"a"' });
    expect(error('(a')).toEqual({ message: "Syntax error: missing ')' at '<EOF>'", text: '' });
  });

  it('quotes the text of a no-viable-alternative error from its first token, comments and line breaks included', () => {
    expect(error('a. // c\n 1').message).toBe(String.raw`Syntax error: no viable alternative at input '. // c\n 1'`);
    expect(error('a..b').message).toBe("Syntax error: no viable alternative at input '..'");
    expect(error('x.in').message).toBe("Syntax error: no viable alternative at input '.in'");
  });

  it('words a reserved literal one character after the start of a failed prediction as cel-go does', () => {
    expect(error('a.true')).toEqual({ message: "Syntax error: mismatched input 'true' expecting IDENTIFIER", text: 'true' });
    expect(error('a.null').message).toBe("Syntax error: mismatched input 'null' expecting IDENTIFIER");
    // Any one character, not only a dot: after `!`, a `-` can only start a negative number.
    expect(error('!-true')).toEqual({ message: "Syntax error: mismatched input 'true' expecting IDENTIFIER", text: 'true' });
    expect(error('!-false').message).toBe("Syntax error: mismatched input 'false' expecting IDENTIFIER");
    expect(error('a. true').message).toBe("Syntax error: no viable alternative at input '. true'");
  });

  it('reports text no token rule accepts as a token recognition error, from the token start through the failing character', () => {
    expect(error('1 + $')).toEqual({ message: "Syntax error: token recognition error at: '$'", text: '$' });
    expect(error('a | b').message).toBe("Syntax error: token recognition error at: '| '");
    expect(error('a & b').message).toBe("Syntax error: token recognition error at: '& '");
    expect(error("'abc").message).toBe("Syntax error: token recognition error at: ''abc'");
    // cel-go points at the string's opening quote, not at the bad escape.
    expect(error(String.raw`f("\xFh")`)).toEqual({ message: String.raw`Syntax error: token recognition error at: '"\xFh'`, text: String.raw`"\xFh` });
    expect(error('\ufeffa').message).toBe("Syntax error: token recognition error at: '\ufeff'");
  });

  it('reports the error the parser meets first, a later bad character only if the parser looked that far', () => {
    expect(error('a.true&')).toEqual({ message: "Syntax error: mismatched input 'true' expecting IDENTIFIER", text: 'true' });
    expect(error('f(a b c $').message).toBe("Syntax error: mismatched input 'b' expecting ')'");
    expect(error('f(a b $').message).toBe("Syntax error: token recognition error at: '$'");
    expect(error('f(a $').message).toBe("Syntax error: token recognition error at: '$'");
  });

  it("keeps ShardScope's plain explanation as a hint beside cel-go's message", () => {
    expect(hint('f(a b)')).toBe("unexpected 'b' at 1:5, expected ',' or ')'");
    expect(hint('a /* c */')).toContain('(only // comments are supported)');
    expect(hint('/* c */ a')).toContain('(only // comments are supported)');
    expect(hint('a or b')).toContain("(CEL writes 'or' as '||')");
    expect(hint('a | b')).toBe("unexpected character '|' at 1:3 (did you mean '||'?)");
    expect(hint('a ||\u200b b')).toBe(String.raw`unexpected character '\u200b' at 1:5`);
    expect(hint('a.`b')).toContain('(backtick-quoted identifiers are not supported)');
  });

  it('lexes backtick-quoted field names as cel-go v0.23+ does, and rejects them as its parser does', () => {
    expect(error('a.`b-c`')).toEqual({ message: "unsupported syntax: '`'", text: '`b-c`' });
    expect(error('M{`f`: 1}')).toEqual({ message: "unsupported syntax: '`'", text: '`f`' });
    // In a message, at the start of the field list (its first field), as cel-go places it.
    expect(error('a.M{Z9: -1.5, `a-b`: 1, `a.b`: 2}')).toEqual({ message: "unsupported syntax: '`'", text: 'Z9' });
    expect(error('`a`').message).toBe(`Syntax error: mismatched input '\`a\`' expecting ${EXPRESSION_START}`);
    expect(error('a.`b`(1)').message).toBe("Syntax error: mismatched input '(' expecting <EOF>");
  });
});

describe('CEL parser: recursion limits', () => {
  it('fails with cel-go\'s listener message once a grammar rule nests 250 times', () => {
    const src = '('.repeat(250) + 'a' + ')'.repeat(250);
    expect(error(src).message).toBe('expression recursion limit exceeded: 250');
    expect(parseCel('('.repeat(249) + 'a' + ')'.repeat(249)).ok).toBe(true);
  });

  it('fails with cel-go\'s visitor message once selects, calls or operators nest 250 deep', () => {
    expect(error('a' + '.b'.repeat(251)).message).toBe('max recursion depth exceeded');
    expect(parseCel('a' + '.b'.repeat(250)).ok).toBe(true);
    expect(error('1' + ' + 1'.repeat(251)).message).toBe('max recursion depth exceeded');
  });

  it('reports the rule nesting limit met before a bad character further on, with no location (start and end -1)', () => {
    // cel-go stops at the limit: its lexer never reaches the $.
    expect(parseCel('(((a))) $', { maxRecursionDepth: 2 })).toMatchObject({
      ok: false,
      error: { message: 'expression recursion limit exceeded: 2', start: -1, end: -1, hint: undefined },
    });
  });

  it('counts nothing for long || and && chains, which cel-go balances', () => {
    expect(parseCel(Array.from({ length: 5000 }, (_, i) => `x${i}`).join(' || ')).ok).toBe(true);
  });

  // cel-go's TestRecursionLimit: each expression parses with the limit at `min` and fails
  // (with one of the two recursion messages) with the limit at `min - 1`.
  const depth = 32;
  const parens = (s: string, n: number): string => '('.repeat(n) + s + ')'.repeat(n);
  const limitCases: { name: string; src: string; min: number }[] = [
    { name: 'LargeCalc', src: '1' + ' + 1'.repeat(depth + 1), min: depth + 1 },
    { name: 'NestedParens', src: parens('7', depth), min: depth + 1 },
    { name: 'NestedParensWithCalc', src: parens('7', depth) + ' + ' + parens('7', depth - 1), min: depth + 1 },
    { name: 'FieldSelections', src: 'a' + '.f'.repeat(depth + 1), min: depth + 1 },
    { name: 'IndexOperations', src: 'a' + '[1]'.repeat(depth + 1), min: depth + 1 },
    { name: 'RelationOperators', src: 'a' + ' < 1'.repeat(depth + 1), min: depth + 1 },
    { name: 'IndexRelationOperators', src: 'a' + '[1]'.repeat(20) + (' != a' + '[1]'.repeat(20)).repeat(13), min: depth + 1 },
    { name: 'Ternary', src: 'a ? b : '.repeat(depth + 1) + 'c', min: depth + 2 },
    { name: 'TernaryTrueBranchParens', src: 'a ? ' + parens('b', depth) + ' : c', min: depth + 1 },
    { name: 'NestedLeftParensWithCalc', src: '('.repeat(depth) + '7' + ') + 1'.repeat(depth), min: depth + 1 },
    { name: 'NestedRightParensWithLogicalOr', src: '(true) || ' + '(true || '.repeat(depth) + 'false' + ')'.repeat(depth), min: depth + 1 },
    { name: 'GroupingParensAroundCalc', src: '((1 + ((7))))', min: 6 },
    { name: 'GroupingParensAroundCalcChain', src: '(((1 + 2 + 3 + 4 + (5 + 6))))', min: 7 },
    { name: 'ParenthesizedLhsCalc', src: '(1 + 1 + 1) + 1 + 1 + 1', min: 5 },
    { name: 'NestedLeftParensLhsCalc', src: '((1 + 1) + 1) + 1 + 1 + 1', min: 5 },
    { name: 'GroupingParensLhsCalc', src: '(((1 + 1 + 1))) + 1 + 1 + 1', min: 5 },
    { name: 'ParenthesizedRhsCalc', src: '1 + (1 + 1 + 1 + 1 + 1)', min: 5 },
    { name: 'ParenthesizedFieldSelections', src: '(a.b.c).d.e.f', min: 5 },
    { name: 'CallArgumentFieldSelections', src: 'f(a.b.c.d).e', min: 4 },
    { name: 'CallArgumentFieldSelectionsWithCalc', src: 'x + f(a.b.c.d) + y', min: 5 },
    { name: 'CallArgumentCalcWithCalc', src: 'x + f(a + b + c + d) + y', min: 5 },
    { name: 'IndexFieldSelectionsWithCalc', src: 'x + a[b.c.d.e] + y', min: 6 },
    { name: 'MemberCallArgumentFieldSelectionsWithCalc', src: 'x + a.f(b.c.d.e) + y', min: 6 },
    { name: 'StructFieldSelectionsWithCalc', src: 'x + Msg{f: a.b.c.d} + y', min: 5 },
    { name: 'ListElementDeepestNotLast', src: 'x + [a.b.c.d, 1][0] + y', min: 6 },
    { name: 'MapValueDeepestNotLast', src: "x + {'k': a.b.c.d, 'j': 1}['k'] + y", min: 6 },
    { name: 'MapKeyDeepestNotLast', src: "x + {a.b.c.d.e: 1, 'j': 2}['j'] + y", min: 7 },
    { name: 'NestedListElementDeepestNotLast', src: 'x + [[a.b.c.d, 1], 1][0] + y', min: 6 },
    { name: 'ParenthesizedLogicalAndChainFieldSelection', src: '((a && b && c.d.e).f)', min: 3 },
    { name: 'UnaryNegateWithCalcAndSelectors', src: '-a.b / c.d - e.f', min: 3 },
    { name: 'NestedMapValueFieldSelections', src: '{1: {2: {3: a.b.c}}}', min: 4 },
    { name: 'QualifiedStructName', src: 'a' + '.b'.repeat(depth + 1) + '.Msg{f: x}', min: 2 },
    { name: 'QualifiedStructNameWithFieldSelections', src: 'a' + '.b'.repeat(depth + 1) + '.Msg{f: x.y.z}.g', min: 3 },
    { name: 'ConditionalWithFieldSelections', src: 'a.b.c.d ? x : y', min: 4 },
    { name: 'ParenthesizedConditionalWithCalc', src: '(a ? b : c) + 1 + 1 + 1', min: 4 },
    { name: 'ParenthesizedCalcWithUnaryNegateAndLogicalOr', src: '(-a.b / c.d - e.f || x)', min: 3 },
  ];
  it.each(limitCases)('$name parses with a recursion limit of $min and fails with one less', ({ src, min }) => {
    expect(parseCel(src, { maxRecursionDepth: min }).ok).toBe(true);
    expect(error(src, min - 1).message).toMatch(new RegExp(`^(expression recursion limit exceeded: ${min - 1}|max recursion depth exceeded)$`));
  });
});
