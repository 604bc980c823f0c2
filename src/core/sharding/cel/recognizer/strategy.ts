import {
  DefaultErrorStrategy,
  PrecedencePredicateTransition,
  Token,
  type IntervalSet,
  type NoViableAltException,
  type Parser,
  type RecognitionException,
} from 'antlr4ng';

/**
 * ANTLR's default error handling (single-token deletion and insertion, `sync` before loops and
 * subrules), with each report worded as cel-go's runtime (antlr4-go v4.13) words it. The
 * recovery is the runtime's own; only the messages are ours, because the two runtimes print
 * some of them differently (the failed precedence predicate names the generated Go code) and
 * because the apiserver's text must not depend on how a runtime formats it.
 */
export class CelGoErrorStrategy extends DefaultErrorStrategy {
  constructor(private readonly src: string) {
    super();
  }

  override reportNoViableAlternative(recognizer: Parser, e: NoViableAltException): void {
    const start = e.startToken;
    const offending = e.offendingToken!;
    // The input from the token where prediction started through the one it failed at, hidden
    // tokens (spaces, comments) included; nothing when prediction started at the end.
    const input = start === null || start.type === Token.EOF ? '<EOF>' : this.src.slice(start.start, offending.type === Token.EOF ? offending.start : offending.stop + 1);
    recognizer.notifyErrorListeners(`no viable alternative at input ${quote(input)}`, offending, e);
  }

  override reportInputMismatch(recognizer: Parser, e: RecognitionException): void {
    const t = e.offendingToken!;
    recognizer.notifyErrorListeners(`mismatched input ${this.display(t)} expecting ${tokenSet(recognizer, e.getExpectedTokens()!)}`, t, e);
  }

  override reportFailedPredicate(recognizer: Parser, e: RecognitionException): void {
    // The only predicates in CEL's grammar are the precedence checks of its left-recursive
    // rules; cel-go's message quotes the Go code generated for them.
    const transition = recognizer.atn.states[recognizer.state]!.transitions[0];
    const precedence = transition instanceof PrecedencePredicateTransition ? transition.precedence : 0;
    const rule = recognizer.ruleNames[recognizer.context!.ruleIndex]!;
    const message = `rule ${rule} failed predicate: {p.Precpred(p.GetParserRuleContext(), ${precedence})}?`;
    recognizer.notifyErrorListeners(message, e.offendingToken, e);
  }

  override reportUnwantedToken(recognizer: Parser): void {
    if (this.inErrorRecoveryMode(recognizer)) return;
    this.beginErrorCondition(recognizer);
    const t = recognizer.getCurrentToken();
    recognizer.notifyErrorListeners(`extraneous input ${this.display(t)} expecting ${tokenSet(recognizer, this.getExpectedTokens(recognizer))}`, t, null);
  }

  override reportMissingToken(recognizer: Parser): void {
    if (this.inErrorRecoveryMode(recognizer)) return;
    this.beginErrorCondition(recognizer);
    const t = recognizer.getCurrentToken();
    recognizer.notifyErrorListeners(`missing ${tokenSet(recognizer, this.getExpectedTokens(recognizer))} at ${this.display(t)}`, t, null);
  }

  /** A token as the Go runtime shows it: its text, `<EOF>` at the end, quoted. */
  private display(t: Token): string {
    return quote(t.type === Token.EOF ? '<EOF>' : this.src.slice(t.start, t.stop + 1));
  }
}

/** The Go runtime's `escapeWSAndQuote`: tabs and line breaks as escapes, in single quotes. */
function quote(s: string): string {
  return `'${s.replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/**
 * The Go runtime's `IntervalSet.StringVerbose`: token types in ascending order, each by its
 * literal name (`'('`) if the grammar gives one, else its symbolic name (`IDENTIFIER`), in
 * braces when there is more than one.
 */
export function tokenSet(recognizer: Parser, set: IntervalSet): string {
  const names = set.toArray().map((type) => tokenName(recognizer, type));
  return names.length === 1 ? names[0]! : `{${names.join(', ')}}`;
}

function tokenName(recognizer: Parser, type: number): string {
  if (type === Token.EOF) return '<EOF>';
  if (type === Token.EPSILON) return '<EPSILON>';
  return recognizer.vocabulary.getLiteralName(type) ?? recognizer.vocabulary.getSymbolicName(type) ?? String(type);
}
