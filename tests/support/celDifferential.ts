/**
 * Comparing ShardScope's shard-selector parser with cel-go's verdicts: ShardScope's verdict
 * computed as `src/core/sharding/syntax-errors.celgo.test.ts` computes it (the message, and where
 * the error points in cel-go's terms), a runner for an external oracle program, and the
 * grouping of disagreements by kind.
 */
import { spawnSync } from 'node:child_process';
import { ShardSelectorError } from '../../src/core/sharding/errors';
import { goTrimSpace, parseShardSelector } from '../../src/core/sharding/parser';

/** cel-go's location: line 1-based, column 0-based in code points of the trimmed text, offset in code points of the input; -1 throughout for none. */
export interface At {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

export interface Verdict {
  /** `CEL parse error: ...`, another apiserver message, or `accepted: <canonical text>`. */
  readonly error: string;
  readonly at: At;
}

export const NOWHERE: At = { line: -1, column: -1, offset: -1 };

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    n++;
  }
  return n;
}

/** Where ShardScope's error points, counted as cel-go counts (the acceptance test's rule). */
function celLocation(input: string, e: ShardSelectorError): At {
  const { text, offset } = goTrimSpace(input);
  const at = e.span.offset - offset;
  if (at === 0 && e.span.length === text.length && /recursion (limit|depth) exceeded|code point size exceeds limit/.test(e.message)) return NOWHERE;
  const before = text.slice(0, at);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {
    line: before.split('\n').length,
    column: codePoints(before.slice(lineStart)),
    offset: codePoints(input.slice(0, e.span.offset)),
  };
}

/** ShardScope's verdict on `input`. Only syntax errors carry a position (cel-go gives none to the walk's errors). */
export function shardScopeVerdict(input: string): Verdict {
  try {
    return { error: `accepted: ${parseShardSelector(input).toString()}`, at: NOWHERE };
  } catch (e) {
    if (!(e instanceof ShardSelectorError)) return { error: `threw: ${String(e)}`, at: NOWHERE };
    return { error: e.message, at: e.message.startsWith(CEL_PREFIX) ? celLocation(input, e) : NOWHERE };
  }
}

export const CEL_PREFIX = 'CEL parse error: ';

/**
 * Runs the oracle program on `inputs` (one JSON string per line on its standard input; one JSON
 * object per line back, with `verdict` and `at`) and returns its verdicts in order.
 */
export function runOracle(binary: string, inputs: readonly string[]): Verdict[] {
  const res = spawnSync(binary, [], {
    input: inputs.map((s) => JSON.stringify(s)).join('\n') + '\n',
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`oracle exited with ${res.status}: ${res.stderr}`);
  const lines = res.stdout.split('\n').filter((l) => l !== '');
  if (lines.length !== inputs.length) throw new Error(`oracle answered ${lines.length} of ${inputs.length} inputs`);
  return lines.map((l) => {
    const o = JSON.parse(l) as { verdict: string; at: At };
    return { error: o.verdict, at: o.at };
  });
}

/**
 * The shape of a message with its particulars left out: the quoted token, the sizes, the
 * reserved word, so that messages of one kind group together. A single expected token and a
 * set of them stay apart.
 */
export function messageKind(message: string): string {
  const m = message.startsWith(CEL_PREFIX) ? message.slice(CEL_PREFIX.length) : message;
  if (message.startsWith('accepted: ')) return 'accepted';
  if (!message.startsWith(CEL_PREFIX)) return `walk: ${m.replace(/"(?:[^"\\]|\\.)*"|0x[0-9a-f]+|\d+/g, '…')}`;
  let r: RegExpMatchArray | null;
  if ((r = m.match(/^Syntax error: (mismatched input|extraneous input) .* expecting (.*)$/s))) {
    const expected = r[2]!;
    return `${r[1]} … expecting ${expected.startsWith('{') ? '{set}' : expected}`;
  }
  if ((r = m.match(/^Syntax error: missing (.*) at /s))) return `missing ${r[1]} at …`;
  if (/^Syntax error: no viable alternative at input /s.test(m)) return 'no viable alternative at input …';
  if (/^Syntax error: token recognition error at: /s.test(m)) return 'token recognition error at: …';
  if (/^reserved identifier: /.test(m)) return 'reserved identifier: …';
  if (/^expression code point size exceeds limit/.test(m)) return 'expression code point size exceeds limit';
  return m.replace(/'.*'/s, "'…'");
}

export interface Outcome {
  readonly input: string;
  readonly family: string;
  readonly oracle: Verdict;
  readonly ours: Verdict;
  readonly wordingOk: boolean;
  readonly positionOk: boolean;
  readonly ms: number;
}

export function compare(input: string, family: string, oracle: Verdict, ours: Verdict, ms: number): Outcome {
  return {
    input,
    family,
    oracle,
    ours,
    wordingOk: oracle.error === ours.error,
    positionOk: JSON.stringify(oracle.at) === JSON.stringify(ours.at),
    ms,
  };
}

/** The group a disagreement falls in: what differs, cel-go's kind of message, and ours. */
export function missKind(o: Outcome): string {
  const what = !o.wordingOk && !o.positionOk ? 'wording+position' : !o.wordingOk ? 'wording' : 'position';
  const theirs = messageKind(o.oracle.error);
  const ours = messageKind(o.ours.error);
  if (o.wordingOk) {
    const d = o.ours.at.offset - o.oracle.at.offset;
    const where = o.oracle.at.offset < 0 ? 'cel-go: no location' : o.ours.at.offset < 0 ? 'ours: no location' : d < 0 ? 'ours earlier' : 'ours later';
    return `${what} | ${theirs} | ${where}`;
  }
  return `${what} | ${theirs} | ours: ${ours}`;
}

/** A fixture as `tests/fixtures/syntax-errors-celgo.json` holds one: indented by line, no spaces. */
export function fixtureText(about: string, cases: readonly { input: string; error: string; at: At }[]): string {
  return JSON.stringify({ about, cases }, null, 1).replace(/^ +/gm, '') + '\n';
}
