import {
  BinaryNode,
  FieldNode,
  IdentOrCallNode,
  IndexNode,
  ListNode,
  LiteralNode,
  LogicNode,
  MapEntryNode,
  MapNode,
  MemberCallNode,
  MessageNode,
  OptionalEntryNode,
  SelectNode,
  TernaryNode,
  UnaryNode,
  type IdentOrCallSyntax,
  type ListSyntax,
  type LiteralSyntax,
  type MapSyntax,
  type MessageSyntax,
  type OptionalEntry,
  type SyntaxNode,
} from './syntax';
import {
  ADDITIVE_OPERATORS,
  MULTIPLICATIVE_OPERATORS,
  RELATION_OPERATORS,
  type Token,
  type TokenKind,
} from './tokens';

/**
 * A recursive-descent parser for cel-go's grammar (`parser/gen/CEL.g4`, the version with
 * optional-syntax markers and without backtick identifiers). One method per grammar rule,
 * invoked exactly where ANTLR's generated parser invokes the rule, because cel-go counts
 * rule invocations: its parse listener fails the parse as soon as any single rule is active
 * more than `maxRecursionDepth` (250) times at once ("expression recursion limit
 * exceeded"). Mirroring the invocations makes that limit fire on exactly the same inputs,
 * and it also bounds this parser's own JavaScript recursion.
 *
 * Decisions follow ANTLR's resolution of the grammar's ambiguities:
 * - `-1` is an int literal (the first `unary` alternative wins), `--1` is the literal 1
 *   (the `-` loop is greedy and an even count of `-` cancels), `-1u` negates a uint;
 * - `a.b.C{...}` is message construction, `a.b.c` a select chain;
 * - a trailing comma is allowed in lists, maps and messages (`[1,]`, `[,]`), not in calls.
 */

/** Grammar rules, numbered as in the generated parser. */
const Rule = {
  Start: 0,
  Expr: 1,
  ConditionalOr: 2,
  ConditionalAnd: 3,
  Relation: 4,
  Calc: 5,
  Unary: 6,
  Member: 7,
  Primary: 8,
  ExprList: 9,
  ListInit: 10,
  FieldInitializerList: 11,
  OptField: 12,
  MapInitializerList: 13,
  OptExpr: 14,
  Literal: 15,
} as const;
type Rule = (typeof Rule)[keyof typeof Rule];
const RULE_COUNT = 16;

/** Why parsing stopped: a token the grammar does not allow, or the rule nesting limit. */
export class ParseFailure {
  constructor(
    readonly kind: 'syntax' | 'recursion',
    /** The token being looked at when parsing stopped. */
    readonly token: Token,
    /** What the grammar allowed there, in words (for `syntax`). */
    readonly expected: string,
    /**
     * The token after it. ANTLR's error recovery looks one token ahead (for "extraneous
     * input") before it reports, which can surface a lexer error there first.
     */
    readonly following: Token,
  ) {}
}

const LITERAL_TOKENS: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'NUM_INT',
  'NUM_UINT',
  'NUM_FLOAT',
  'STRING',
  'BYTES',
  'CEL_TRUE',
  'CEL_FALSE',
  'NUL',
]);

const EXPRESSION = 'an expression';

/** Tokens an expression can start with (for saying what else would have been valid). */
const EXPRESSION_START: ReadonlySet<TokenKind> = new Set<TokenKind>([
  ...LITERAL_TOKENS,
  'IDENTIFIER',
  'DOT',
  'LPAREN',
  'LBRACKET',
  'LBRACE',
  'MINUS',
  'EXCLAM',
]);

class Parser {
  private pos = 0;
  private readonly active = new Int32Array(RULE_COUNT);

  constructor(
    private readonly tokens: readonly Token[],
    private readonly maxDepth: number,
  ) {}

  private peek(ahead = 0): Token {
    const i = this.pos + ahead;
    return this.tokens[i < this.tokens.length ? i : this.tokens.length - 1]!;
  }

  private at(kind: TokenKind, ahead = 0): boolean {
    return this.peek(ahead).kind === kind;
  }

  private next(): Token {
    const t = this.peek();
    if (this.pos < this.tokens.length - 1) this.pos++;
    return t;
  }

  private expect(kind: TokenKind, expected: string): Token {
    if (!this.at(kind)) this.fail(expected);
    return this.next();
  }

  private fail(expected: string): never {
    throw new ParseFailure('syntax', this.peek(), expected, this.peek(1));
  }

  /**
   * Rule entry as cel-go's parse listener counts it. Over the limit, the failure points at
   * the token that opened the level too many (the last one consumed).
   */
  private enter(rule: Rule): void {
    if (++this.active[rule]! > this.maxDepth) {
      const culprit = this.pos > 0 ? this.tokens[this.pos - 1]! : this.peek();
      throw new ParseFailure('recursion', culprit, '', culprit);
    }
  }

  private leave(rule: Rule): void {
    this.active[rule]!--;
  }

  // start : expr EOF
  start(): SyntaxNode {
    this.enter(Rule.Start);
    const e = this.expr();
    if (!this.at('EOF')) this.fail('an operator or the end of the expression');
    this.leave(Rule.Start);
    return e;
  }

  // expr : conditionalOr ('?' conditionalOr ':' expr)?
  private expr(): SyntaxNode {
    this.enter(Rule.Expr);
    let e = this.conditionalOr();
    if (this.at('QUESTIONMARK')) {
      const op = this.next();
      const ifTrue = this.conditionalOr();
      this.expect('COLON', "':'");
      const ifFalse = this.expr();
      e = new TernaryNode(e, op, ifTrue, ifFalse, e.start, ifFalse.end);
    }
    this.leave(Rule.Expr);
    return e;
  }

  // conditionalOr : conditionalAnd ('||' conditionalAnd)*
  private conditionalOr(): SyntaxNode {
    this.enter(Rule.ConditionalOr);
    const first = this.conditionalAnd();
    let e = first;
    if (this.at('LOGICAL_OR')) {
      const terms = [first];
      const ops: Token[] = [];
      while (this.at('LOGICAL_OR')) {
        ops.push(this.next());
        terms.push(this.conditionalAnd());
      }
      e = new LogicNode('_||_', terms, ops, first.start, terms[terms.length - 1]!.end);
    }
    this.leave(Rule.ConditionalOr);
    return e;
  }

  // conditionalAnd : relation ('&&' relation)*
  private conditionalAnd(): SyntaxNode {
    this.enter(Rule.ConditionalAnd);
    const first = this.relation(0);
    let e = first;
    if (this.at('LOGICAL_AND')) {
      const terms = [first];
      const ops: Token[] = [];
      while (this.at('LOGICAL_AND')) {
        ops.push(this.next());
        terms.push(this.relation(0));
      }
      e = new LogicNode('_&&_', terms, ops, first.start, terms[terms.length - 1]!.end);
    }
    this.leave(Rule.ConditionalAnd);
    return e;
  }

  // relation : calc | relation op relation   (left-recursive, one precedence level)
  private relation(precedence: number): SyntaxNode {
    this.enter(Rule.Relation);
    let e = this.calc(0);
    if (precedence <= 1) {
      for (;;) {
        const fn = RELATION_OPERATORS[this.peek().kind];
        if (fn === undefined) break;
        const op = this.next();
        const rhs = this.relation(2);
        e = new BinaryNode(fn, op, e, rhs, e.start, rhs.end);
      }
    }
    this.leave(Rule.Relation);
    return e;
  }

  // calc : unary | calc ('*'|'/'|'%') calc | calc ('+'|'-') calc
  private calc(precedence: number): SyntaxNode {
    this.enter(Rule.Calc);
    let e = this.unary();
    for (;;) {
      const kind = this.peek().kind;
      const mul = MULTIPLICATIVE_OPERATORS[kind];
      const add = ADDITIVE_OPERATORS[kind];
      let fn: string;
      let rhsPrecedence: number;
      if (mul !== undefined && precedence <= 2) {
        fn = mul;
        rhsPrecedence = 3;
      } else if (add !== undefined && precedence <= 1) {
        fn = add;
        rhsPrecedence = 2;
      } else break;
      const op = this.next();
      const rhs = this.calc(rhsPrecedence);
      e = new BinaryNode(fn, op, e, rhs, e.start, rhs.end);
    }
    this.leave(Rule.Calc);
    return e;
  }

  // unary : member | '!'+ member | '-'+ member
  private unary(): SyntaxNode {
    this.enter(Rule.Unary);
    let e: SyntaxNode;
    const t = this.peek();
    const negativeLiteral = t.kind === 'MINUS' && (this.at('NUM_INT', 1) || this.at('NUM_FLOAT', 1));
    if ((t.kind === 'EXCLAM' || t.kind === 'MINUS') && !negativeLiteral) {
      const ops: Token[] = [];
      while (this.at(t.kind)) ops.push(this.next());
      const operand = this.member();
      e = new UnaryNode(t.kind === 'EXCLAM' ? '!_' : '-_', ops, operand, t.start, operand.end);
    } else {
      e = this.member();
    }
    this.leave(Rule.Unary);
    return e;
  }

  // member : primary | member '.' '?'? IDENT | member '.' IDENT '(' exprList? ')' | member '[' '?'? expr ']'
  private member(): SyntaxNode {
    this.enter(Rule.Member);
    let e = this.primary();
    for (;;) {
      if (this.at('DOT')) {
        const dot = this.next();
        const opt = this.at('QUESTIONMARK') ? this.next() : null;
        // A backtick-quoted name can only be selected, not called.
        const name = this.at('ESC_IDENTIFIER') ? this.next() : this.expect('IDENTIFIER', 'a field name');
        if (opt === null && name.kind === 'IDENTIFIER' && this.at('LPAREN')) {
          this.next();
          const args = this.callArguments();
          const close = this.expect('RPAREN', "',' or ')'");
          e = new MemberCallNode(e, name, args, e.start, close.end);
        } else {
          e = new SelectNode(e, dot, opt, name, e.start, name.end);
        }
      } else if (this.at('LBRACKET')) {
        const open = this.next();
        const opt = this.at('QUESTIONMARK') ? this.next() : null;
        const index = this.expr();
        const close = this.expect('RPRACKET', "']'");
        e = new IndexNode(e, open, opt, index, e.start, close.end);
      } else break;
    }
    this.leave(Rule.Member);
    return e;
  }

  // primary : '.'? IDENT ('(' exprList? ')')? | '(' expr ')' | '[' listInit? ','? ']'
  //         | '{' mapInitializerList? ','? '}' | '.'? IDENT ('.' IDENT)* '{' ... '}' | literal
  private primary(): SyntaxNode {
    this.enter(Rule.Primary);
    let e: SyntaxNode;
    const t = this.peek();
    switch (t.kind) {
      case 'DOT':
      case 'IDENTIFIER':
        e = this.messageAhead() ? this.message() : this.identOrCall();
        break;
      case 'LPAREN': {
        this.next();
        e = this.expr();
        this.expect('RPAREN', "')'");
        break;
      }
      case 'LBRACKET':
        e = this.list();
        break;
      case 'LBRACE':
        e = this.map();
        break;
      default:
        if (LITERAL_TOKENS.has(t.kind) || t.kind === 'MINUS') e = this.literal();
        else this.fail(EXPRESSION);
    }
    this.leave(Rule.Primary);
    return e;
  }

  /** Whether `.`? IDENT (`.` IDENT)* `{` follows: the only way to tell a message apart. */
  private messageAhead(): boolean {
    let k = this.at('DOT') ? 1 : 0;
    if (!this.at('IDENTIFIER', k)) return false;
    k++;
    while (this.at('DOT', k) && this.at('IDENTIFIER', k + 1)) k += 2;
    return this.at('LBRACE', k);
  }

  private identOrCall(): IdentOrCallSyntax {
    const leadingDot = this.at('DOT') ? this.next() : null;
    const name = this.expect('IDENTIFIER', 'an identifier');
    const start = (leadingDot ?? name).start;
    if (!this.at('LPAREN')) return new IdentOrCallNode(leadingDot, name, null, start, name.end);
    this.next();
    const args = this.callArguments();
    const close = this.expect('RPAREN', "',' or ')'");
    return new IdentOrCallNode(leadingDot, name, args, start, close.end);
  }

  /** `exprList?` between the parentheses of a call. */
  private callArguments(): SyntaxNode[] {
    if (this.at('RPAREN')) return [];
    if (!EXPRESSION_START.has(this.peek().kind)) this.fail("an expression or ')'");
    return this.exprList();
  }

  private message(): MessageSyntax {
    const leadingDot = this.at('DOT') ? this.next() : null;
    const ids = [this.expect('IDENTIFIER', 'an identifier')];
    while (this.at('DOT')) {
      this.next();
      ids.push(this.expect('IDENTIFIER', 'an identifier'));
    }
    this.expect('LBRACE', "'{'");
    let fields: MessageSyntax['fields'] = [];
    if (this.at('COMMA')) this.next();
    else if (!this.at('RBRACE')) {
      if (!this.at('IDENTIFIER') && !this.at('ESC_IDENTIFIER') && !this.at('QUESTIONMARK')) this.fail("a field name or '}'");
      fields = this.fieldInitializerList();
      if (this.at('COMMA')) this.next();
    }
    const close = this.expect('RBRACE', fields.length > 0 ? "',' or '}'" : "'}'");
    return new MessageNode(leadingDot, ids, fields, (leadingDot ?? ids[0]!).start, close.end);
  }

  private list(): ListSyntax {
    const open = this.next();
    let elems: OptionalEntry[] = [];
    if (this.at('COMMA')) this.next();
    else if (!this.at('RPRACKET')) {
      if (!this.at('QUESTIONMARK') && !EXPRESSION_START.has(this.peek().kind)) this.fail("an expression or ']'");
      elems = this.listInit();
      if (this.at('COMMA')) this.next();
    }
    const close = this.expect('RPRACKET', elems.length > 0 ? "',' or ']'" : "']'");
    return new ListNode(elems, open.start, close.end);
  }

  private map(): MapSyntax {
    const open = this.next();
    let entries: MapSyntax['entries'] = [];
    if (this.at('COMMA')) this.next();
    else if (!this.at('RBRACE')) {
      if (!this.at('QUESTIONMARK') && !EXPRESSION_START.has(this.peek().kind)) this.fail("an expression or '}'");
      entries = this.mapInitializerList();
      if (this.at('COMMA')) this.next();
    }
    const close = this.expect('RBRACE', entries.length > 0 ? "',' or '}'" : "'}'");
    return new MapNode(entries, open.start, close.end);
  }

  // exprList : expr (',' expr)*
  private exprList(): SyntaxNode[] {
    this.enter(Rule.ExprList);
    const list = [this.expr()];
    while (this.at('COMMA')) {
      this.next();
      list.push(this.expr());
    }
    this.leave(Rule.ExprList);
    return list;
  }

  // listInit : optExpr (',' optExpr)*    (a ',' before ']' is the trailing comma)
  private listInit(): OptionalEntry[] {
    this.enter(Rule.ListInit);
    const list = [this.optExpr()];
    while (this.at('COMMA') && !this.at('RPRACKET', 1)) {
      this.next();
      list.push(this.optExpr());
    }
    this.leave(Rule.ListInit);
    return list;
  }

  // fieldInitializerList : optField ':' expr (',' optField ':' expr)*
  private fieldInitializerList(): MessageSyntax['fields'][number][] {
    this.enter(Rule.FieldInitializerList);
    const fields: MessageSyntax['fields'][number][] = [];
    for (;;) {
      const { opt, name } = this.optField();
      this.expect('COLON', "':'");
      fields.push(new FieldNode(opt, name, this.expr()));
      if (!this.at('COMMA') || this.at('RBRACE', 1)) break;
      this.next();
    }
    this.leave(Rule.FieldInitializerList);
    return fields;
  }

  // optField : '?'? IDENT
  private optField(): { opt: Token | null; name: Token } {
    this.enter(Rule.OptField);
    const opt = this.at('QUESTIONMARK') ? this.next() : null;
    const name = this.at('ESC_IDENTIFIER') ? this.next() : this.expect('IDENTIFIER', 'a field name');
    this.leave(Rule.OptField);
    return { opt, name };
  }

  // mapInitializerList : optExpr ':' expr (',' optExpr ':' expr)*
  private mapInitializerList(): MapSyntax['entries'][number][] {
    this.enter(Rule.MapInitializerList);
    const entries: MapSyntax['entries'][number][] = [];
    for (;;) {
      const key = this.optExpr();
      this.expect('COLON', "':'");
      entries.push(new MapEntryNode(key, this.expr()));
      if (!this.at('COMMA') || this.at('RBRACE', 1)) break;
      this.next();
    }
    this.leave(Rule.MapInitializerList);
    return entries;
  }

  // optExpr : '?'? expr
  private optExpr(): OptionalEntry {
    this.enter(Rule.OptExpr);
    const opt = this.at('QUESTIONMARK') ? this.next() : null;
    const expr = this.expr();
    this.leave(Rule.OptExpr);
    return new OptionalEntryNode(opt, expr);
  }

  // literal : '-'? NUM_INT | NUM_UINT | '-'? NUM_FLOAT | STRING | BYTES | true | false | null
  private literal(): LiteralSyntax {
    this.enter(Rule.Literal);
    const sign = this.at('MINUS') ? this.next() : null;
    const tok = this.peek();
    const ok = sign === null ? LITERAL_TOKENS.has(tok.kind) : tok.kind === 'NUM_INT' || tok.kind === 'NUM_FLOAT';
    if (!ok) this.fail(sign === null ? EXPRESSION : 'a number');
    this.next();
    this.leave(Rule.Literal);
    return new LiteralNode(sign, tok, (sign ?? tok).start, tok.end);
  }
}

/**
 * Parses a token stream (closed by EOF) into the syntax tree, or throws a
 * {@link ParseFailure} at the first token the grammar rejects or at the rule nesting limit.
 */
export function parseTokens(tokens: readonly Token[], maxRecursionDepth: number): SyntaxNode {
  return new Parser(tokens, maxRecursionDepth).start();
}
