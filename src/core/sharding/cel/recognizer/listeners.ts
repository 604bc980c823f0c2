import { BaseErrorListener, Token, type ATNSimulator, type ErrorNode, type ParseTreeListener, type ParserRuleContext, type Recognizer, type TerminalNode } from 'antlr4ng';
import { Stop } from './stop';

/**
 * cel-go's rewording of ANTLR's message for a reserved word met where an identifier may stand
 * (`a.true`, and `!-true`, where `-` could only have started a negative number), kept as it
 * read before ANTLR's prediction: a mismatch. cel-go's regular expression has an unescaped
 * `.`, which matches any character before the word, not just a dot. (Go's `.` does not match
 * a line break and JavaScript's matches neither that nor CR, U+2028 or U+2029; no token is
 * one of those alone, and ANTLR shows CR and LF escaped, so the two read alike here.)
 */
const RESERVED_WORD = /no viable alternative at input '.(true|false|null)'/;

/**
 * cel-go's error listener on the parser, up to its first report: the message gets cel-go's
 * `Syntax error: ` prefix (and its reserved-word rewording) and points at the offending token.
 */
export class FirstErrorListener extends BaseErrorListener {
  override syntaxError<S extends Token, T extends ATNSimulator>(_recognizer: Recognizer<T>, offending: S | null, _line: number, _column: number, msg: string): void {
    const message = msg.includes('no viable alternative') ? msg.replace(RESERVED_WORD, "mismatched input '$1' expecting IDENTIFIER") : msg;
    // The parser always names a token; the end of input is an empty one.
    const t = offending!;
    throw new Stop({ kind: 'syntax', message: `Syntax error: ${message}`, start: t.start, end: t.type === Token.EOF ? t.start : t.stop + 1 });
  }
}

/**
 * cel-go's parse listener: counts, for each grammar rule, how many invocations of it are
 * active (ANTLR's enter and exit events, which a left-recursive rule also sends around each
 * loop iteration) and stops the parse when one count passes the limit. Only this keeps a deep
 * nesting from reaching the JavaScript engine's stack limit: the generated parser recurses.
 */
export class RecursionLimitListener implements ParseTreeListener {
  private readonly depth: Int32Array;

  constructor(
    rules: number,
    private readonly limit: number,
  ) {
    this.depth = new Int32Array(rules);
  }

  enterEveryRule(ctx: ParserRuleContext): void {
    const n = ++this.depth[ctx.ruleIndex]!;
    if (n > this.limit) throw new Stop({ kind: 'recursion' });
  }

  exitEveryRule(ctx: ParserRuleContext): void {
    if (this.depth[ctx.ruleIndex]! > 0) this.depth[ctx.ruleIndex]!--;
  }

  /** The counts, rule by rule, as text (for comparing two moments of a parse). */
  counts(): string {
    return this.depth.join(',');
  }

  visitTerminal(_node: TerminalNode): void {}

  visitErrorNode(_node: ErrorNode): void {}
}
