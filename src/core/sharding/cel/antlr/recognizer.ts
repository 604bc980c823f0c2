import type { Token } from '../tokens';
import { ATN_STATES, EOF, EPSILON, LEFT_RECURSIVE_RULES, RULE_START_STATES, StateType, TransitionKind, type State } from './atn';
import { EMPTY, push, type Ctx } from './context';
import { altLookahead, nextTokens, nextTokensInContext } from './lookahead';
import { NoViableAlt, Predictor, boundCaches, type PredictionInput } from './predict';
import { RULE_NAMES } from './atn-data';
import { formatTokenSet, tokenTypes } from './vocabulary';

/**
 * The first error cel-go's ANTLR-generated parser reports for a token stream, found by
 * running the grammar's ATN the way the generated code runs it: the same LL(1) tests and
 * adaptive predictions at the same decisions, `sync` before each subrule and loop iteration,
 * single-token deletion and insertion on a mismatched token, and the same messages.
 *
 * ANTLR's lexer feeds the parser lazily, so a bad character is reported when the parser (or
 * its lookahead) first asks for the token after it: the token stream here holds the tokens
 * before the lexer's first error and traps the request for the next one.
 *
 * Only the first report matters (it is the one the apiserver shows), so everything stops
 * there: error recovery beyond the first report is not modelled.
 */

export type FirstError =
  /** A parser error: ANTLR's message and the token it is reported at. */
  | { readonly kind: 'syntax'; readonly message: string; readonly token: Token }
  /** The lexer's error (between the tokens) came first. */
  | { readonly kind: 'lexer' }
  /** cel-go's parse listener stopped the parse: a rule nested too deep. */
  | { readonly kind: 'recursion' };

class Stop {
  constructor(readonly error: FirstError) {}
}

/** What the walk asks of each state, looked up once (module imports cost a getter per use in some loaders). */
interface StateFacts {
  /** ANTLR's `nextTokens(s)`. */
  readonly next: ReadonlySet<number>;
  /** Whether the rule can end from here: `sync` has nothing to check. */
  readonly mayEnd: boolean;
  /** `next` by token type + 1 (1: in the set). */
  readonly nextByType: Uint8Array;
  /**
   * For LL(1) decisions, by token type + 1: the alternative whose lookahead has the token
   * (0 for none). A loop's exit and an optional block's skip are not in it.
   */
  readonly altByType: Uint8Array;
  /** For a token or set transition out of the state, by token type + 1 (1: matches). */
  readonly matchByType: Uint8Array;
}
const TYPE_SLOTS = 64;
const FACTS: readonly StateFacts[] = ATN_STATES.map((s) => {
  const next = nextTokens(s);
  const nextByType = new Uint8Array(TYPE_SLOTS);
  for (const t of next) if (t >= -1) nextByType[t + 1] = 1;
  const altByType = new Uint8Array(TYPE_SLOTS);
  if (s.decision >= 0 && !s.adaptive) {
    const looks = altLookahead(s);
    const loop = s.type === StateType.StarLoopEntry || s.type === StateType.PlusLoopBack;
    const optional = !loop && s.end !== null && s.transitions[s.transitions.length - 1]!.target === s.end;
    const n = loop || optional ? s.transitions.length - 1 : s.transitions.length;
    for (let i = n - 1; i >= 0; i--) for (const t of looks[i] ?? []) if (t >= -1) altByType[t + 1] = i + 1;
  }
  const matchByType = new Uint8Array(TYPE_SLOTS);
  const tokens = s.transitions[0]?.tokens;
  if (tokens) for (const t of tokens) matchByType[t + 1] = 1;
  return { next, mayEnd: next.has(EPSILON), nextByType, altByType, matchByType };
});
/** A state the generated code passes through without doing anything (one epsilon or action edge). */
function transparent(s: State): boolean {
  if (s.transitions.length !== 1) return false;
  const kind = s.transitions[0]!.kind;
  if (kind !== TransitionKind.Epsilon && kind !== TransitionKind.Action) return false;
  switch (s.type) {
    case StateType.Basic:
    case StateType.BlockEnd:
    case StateType.LoopEnd:
    case StateType.RuleStart:
      return true;
    case StateType.BlockStart:
    case StateType.StarBlockStart:
      return !s.inPrecedenceLoop;
    default:
      return false;
  }
}
/** For each state, the first state from it where the walk has something to do. */
const JUMP: readonly State[] = ATN_STATES.map((s) => {
  let t = s;
  while (transparent(t)) t = t.transitions[0]!.target;
  return t;
});
const EOF_TYPE = EOF;

/** Work counter, for tests that bound the work without timing it: ATN states the walk acts at. */
export const walkWork = { states: 0 };
const EPSILON_TYPE = EPSILON;

const IS_LEFT_RECURSIVE: readonly boolean[] = RULE_START_STATES.map((_, rule) => LEFT_RECURSIVE_RULES.has(rule));
const FIRST_STATE: readonly State[] = RULE_START_STATES.map((s) => s.transitions[0]!.target);
const RULE_STOP = StateType.RuleStop;
const BLOCK_START = StateType.BlockStart;
const STAR_BLOCK_START = StateType.StarBlockStart;
const PLUS_BLOCK_START = StateType.PlusBlockStart;
const STAR_LOOP_BACK = StateType.StarLoopBack;
const STAR_LOOP_ENTRY = StateType.StarLoopEntry;
const PLUS_LOOP_BACK = StateType.PlusLoopBack;
const RULE = TransitionKind.Rule;
const ATOM = TransitionKind.Atom;
const SET = TransitionKind.Set;
const PRECEDENCE = TransitionKind.Precedence;

/** cel-go's hack: a reserved word after a dot reads as it did before ANTLR's prediction found it. */
const RESERVED_AFTER_DOT = /no viable alternative at input '\.(true|false|null)'/;

function escapeWS(s: string): string {
  return s.replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

class Recognizer implements PredictionInput {
  private p = 0;
  /** The rule invocation stack: rule, where the invoker continues, and its context once asked for. */
  private readonly rules: number[] = [];
  private readonly follows: (State | null)[] = [];
  private readonly contexts: (Ctx | undefined)[] = [];
  private state!: State;
  private readonly precedenceStack: number[] = [0];
  private readonly depth = new Int32Array(RULE_START_STATES.length);
  private readonly predictor = new Predictor(this);

  constructor(
    private readonly tokens: readonly Token[],
    private readonly types: Int8Array,
    /** Whether a lexer error follows the last token (then `tokens` has no EOF). */
    private readonly trapped: boolean,
    private readonly src: string,
    private readonly maxDepth: number,
  ) {}

  run(): FirstError | null {
    try {
      this.fetch(0);
      this.parse();
    } catch (e) {
      if (e instanceof Stop) return e.error;
      throw e;
    }
    return null;
  }

  // --- the token stream (ANTLR's CommonTokenStream over a lazy lexer) ---

  private fetch(i: number): void {
    if (this.trapped && i >= this.tokens.length) throw new Stop({ kind: 'lexer' });
  }

  private tokenAt(i: number): Token {
    this.fetch(i);
    return this.tokens[Math.min(i, this.tokens.length - 1)]!;
  }

  lt(k: number): Token {
    return this.tokenAt(this.p + k - 1);
  }

  la(k: number): number {
    this.fetch(this.p + k - 1);
    return this.types[Math.min(this.p + k - 1, this.types.length - 1)]!;
  }

  index(): number {
    return this.p;
  }

  seek(index: number): void {
    this.p = index;
  }

  consume(): void {
    this.p++;
    this.fetch(this.p);
  }

  precedence(): number {
    return this.precedenceStack[this.precedenceStack.length - 1]!;
  }

  outerContext(): Ctx {
    return this.contextAt(this.rules.length - 1);
  }

  /** ANTLR's `PredictionContext.fromRuleContext` for the invocation at `depth` (0: the start rule). */
  private contextAt(depth: number): Ctx {
    let ctx = this.contexts[depth];
    if (ctx === undefined) {
      ctx = depth === 0 ? EMPTY : push(this.contextAt(depth - 1), this.follows[depth]!.n);
      this.contexts[depth] = ctx;
    }
    return ctx;
  }

  // --- rules, as the generated code enters and leaves them ---

  private enterEvent(rule: number): void {
    const n = this.depth[rule]! + 1;
    this.depth[rule] = n;
    if (n > this.maxDepth) throw new Stop({ kind: 'recursion' });
  }

  private exitEvent(rule: number): void {
    const n = this.depth[rule]!;
    if (n > 0) this.depth[rule] = n - 1;
  }

  /** Enters a rule as the generated code does (the listener sees it, a left-recursive rule pushes its precedence). */
  private enterRule(rule: number, precedence: number, follow: State | null): State {
    const depth = this.rules.length;
    this.rules.push(rule);
    this.follows.push(follow);
    this.contexts[depth] = undefined;
    if (IS_LEFT_RECURSIVE[rule]!) this.precedenceStack.push(precedence);
    this.enterEvent(rule);
    return FIRST_STATE[rule]!;
  }

  /** Leaves the current rule; returns where the invoking rule continues (null after the start rule). */
  private exitRule(): State | null {
    const rule = this.rules.pop()!;
    this.exitEvent(rule);
    if (IS_LEFT_RECURSIVE[rule]!) this.precedenceStack.pop();
    return this.follows.pop()!;
  }

  /**
   * Runs the parse from the start rule to its end. Rule invocations go on explicit stacks,
   * not JavaScript recursion, so no nesting cel-go lets through can reach the engine's stack
   * limit.
   */
  private parse(): void {
    let s: State = this.enterRule(0, 0, null);
    for (;;) {
      s = JUMP[s.n]!;
      walkWork.states++;
      switch (s.type) {
        case RULE_STOP: {
          const follow = this.exitRule();
          if (follow === null) return;
          s = follow;
          break;
        }
        case STAR_LOOP_BACK:
          this.state = s;
          this.sync(s);
          s = this.loop(s.transitions[0]!.target);
          break;
        case STAR_LOOP_ENTRY:
          this.state = s;
          this.sync(s);
          s = this.loop(s);
          break;
        case PLUS_LOOP_BACK: {
          this.state = s;
          this.sync(s);
          // Another iteration goes straight into the block, without the block start's sync.
          s = this.choose(s) === 1 ? s.transitions[0]!.target.transitions[0]!.target : s.transitions[1]!.target;
          break;
        }
        case BLOCK_START:
        case STAR_BLOCK_START:
        case PLUS_BLOCK_START: {
          let alt = 1;
          if (s.transitions.length > 1) {
            this.state = s;
            this.sync(s);
            alt = this.choose(s);
          } else if (s.type === PLUS_BLOCK_START) {
            this.state = s;
            this.sync(s);
          }
          // pushNewRecursionContext: the listener sees the rule entered again.
          if (s.inPrecedenceLoop) this.enterEvent(s.rule);
          s = s.transitions[alt - 1]!.target;
          break;
        }
        default: {
          const t = s.transitions[0]!;
          this.state = s;
          if (t.kind === RULE) {
            s = this.enterRule(t.target.rule, t.precedence, t.follow);
          } else if (t.kind === ATOM || t.kind === SET) {
            this.match(FACTS[s.n]!.matchByType);
            s = t.target;
          } else {
            if (t.kind === PRECEDENCE && !(t.precedence >= this.precedence())) this.failedPredicate(t.precedence);
            s = t.target;
          }
        }
      }
    }
  }

  private failedPredicate(precedence: number): never {
    const rule = RULE_NAMES[this.rules[this.rules.length - 1]!]!;
    return this.report(`rule ${rule} failed predicate: {p.Precpred(p.GetParserRuleContext(), ${precedence})}?`, this.lt(1));
  }

  /** A loop's enter-or-exit decision at its entry; entering a precedence loop leaves the rule once. */
  private loop(entry: State): State {
    if (this.choose(entry) === 1) {
      if (entry.precedenceDecision) this.exitEvent(entry.rule);
      return entry.transitions[0]!.target;
    }
    return entry.transitions[1]!.target;
  }

  /** The alternative the generated code takes at decision state `s`. */
  private choose(s: State): number {
    if (s.adaptive) {
      try {
        return this.predictor.predict(s.decision);
      } catch (e) {
        if (!(e instanceof NoViableAlt)) throw e;
        this.noViableAlt(this.tokens[e.startIndex]!, this.tokens[e.offendingIndex]!);
      }
    }
    const alt = FACTS[s.n]!.altByType[this.types[this.p]! + 1]!;
    if (alt !== 0) return alt;
    const loop = s.type === STAR_LOOP_ENTRY || s.type === PLUS_LOOP_BACK;
    if (loop || (s.end !== null && s.transitions[s.transitions.length - 1]!.target === s.end)) return s.transitions.length;
    const t = this.lt(1);
    return this.noViableAlt(t, t);
  }

  // --- DefaultErrorStrategy, up to its first report ---

  private expected(): Set<number> {
    let following = FACTS[this.state.n]!.next;
    const out = new Set<number>();
    for (const t of following) if (t !== EPSILON_TYPE) out.add(t);
    for (let depth = this.rules.length - 1; depth > 0 && following.has(EPSILON_TYPE); depth--) {
      following = FACTS[this.follows[depth]!.n]!.next;
      for (const t of following) if (t !== EPSILON_TYPE) out.add(t);
    }
    if (following.has(EPSILON_TYPE)) out.add(EOF_TYPE);
    return out;
  }

  private sync(s: State): void {
    const facts = FACTS[s.n]!;
    // The current token was fetched when the previous one was consumed.
    if (facts.mayEnd || facts.nextByType[this.types[this.p]! + 1] === 1) return;
    switch (s.type) {
      case BLOCK_START:
      case STAR_BLOCK_START:
      case PLUS_BLOCK_START:
      case STAR_LOOP_ENTRY:
        this.singleTokenDeletion();
        this.inputMismatch();
        break;
      case PLUS_LOOP_BACK:
      case STAR_LOOP_BACK:
        this.unwantedToken();
        break;
      default:
    }
  }

  private match(matchByType: Uint8Array): void {
    const la = this.types[this.p]!;
    if (matchByType[la + 1] === 1) {
      if (la !== EOF_TYPE) this.consume();
      return;
    }
    this.singleTokenDeletion();
    // Single-token insertion: the current token is what would follow the missing one.
    const next = this.state.transitions[0]!.target;
    if (nextTokensInContext(next, this.outerContext()).has(this.la(1))) {
      this.report(`missing ${formatTokenSet(this.expected())} at ${this.display(this.lt(1))}`, this.lt(1));
    }
    this.inputMismatch();
  }

  private singleTokenDeletion(): void {
    if (this.expected().has(this.la(2))) this.unwantedToken();
  }

  private unwantedToken(): never {
    const t = this.lt(1);
    return this.report(`extraneous input ${this.display(t)} expecting ${formatTokenSet(this.expected())}`, t);
  }

  private inputMismatch(): never {
    const t = this.lt(1);
    return this.report(`mismatched input ${this.display(t)} expecting ${formatTokenSet(this.expected())}`, t);
  }

  private noViableAlt(start: Token, offending: Token): never {
    const text = start.kind === 'EOF' ? '<EOF>' : this.src.slice(start.start, offending.kind === 'EOF' ? offending.start : offending.end);
    const message = `no viable alternative at input '${escapeWS(text)}'`.replace(RESERVED_AFTER_DOT, "mismatched input '$1' expecting IDENTIFIER");
    return this.report(message, offending);
  }

  private display(t: Token): string {
    return `'${escapeWS(t.kind === 'EOF' ? '<EOF>' : t.text)}'`;
  }

  private report(message: string, token: Token): never {
    throw new Stop({ kind: 'syntax', message: `Syntax error: ${message}`, token });
  }
}

/**
 * Runs cel-go's parser over `tokens` (the lexer's tokens before its first error, if any;
 * else ending with EOF) and returns the first error it reports, or null if it reports none.
 */
export function firstParseError(src: string, tokens: readonly Token[], lexerErrorFollows: boolean, maxRecursionDepth: number): FirstError | null {
  boundCaches();
  const types = tokenTypes(tokens);
  return new Recognizer(tokens, types, lexerErrorFollows, src, maxRecursionDepth).run();
}
