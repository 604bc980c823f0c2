/**
 * Shard-selector parser worst cases: every input must parse, or be rejected, in under 50 ms
 * once warm. Each case is timed against the slowest valid input measured in the same run, a
 * `||` chain of 100,000 characters (1,250 ranges), and a typical one-range selector is shown
 * beside it. `ratio` is reference time / case time.
 *
 * Warm: best of several parses after one warm-up parse of the same input. Cold: the first
 * parse in a fresh Node process (`--cold`), which includes compiling the parser (the
 * syntax-error model is loaded before the clock starts, as the command line loads it).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadSyntaxErrors } from '../src/core/sharding/cel';
import { parseShardSelector } from '../src/core/sharding/parser';
import type { BenchResult } from './types';

const SELECTOR = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000')";
const TARGET_MS = 50;

/** A flat copy: inputs from a text field or a decoded URL are flat strings, not rope trees. */
function flat(s: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(s));
}

/** `unit` joined by `sep` up to `chars` characters. */
function chain(unit: string, sep: string, chars: number): string {
  const n = Math.floor((chars + sep.length) / (unit.length + sep.length));
  return flat(new Array<string>(n).fill(unit).join(sep));
}

/** The inputs, built on demand (the 10 MB ones are large). */
const CASES: Record<string, { label: string; input: () => string }> = {
  typical: { label: 'one-range selector (typical)', input: () => SELECTOR },
  or: { label: "`shardRange(...) || ...`, 100k chars, 1,250 ranges (the reference)", input: () => chain(SELECTOR, ' || ', 100_000) },
  and: { label: '`a&&a&&...`, 100k chars', input: () => chain('a', '&&', 100_000) },
  index: { label: '`a[0][0]...`, 100k chars', input: () => flat('a' + '[0]'.repeat(33_333)) },
  lead: { label: '10,000,000 spaces, then a selector', input: () => flat(' '.repeat(10_000_000) + SELECTOR) },
  trail: { label: 'a selector, then 10,000,000 spaces', input: () => flat(SELECTOR + ' '.repeat(10_000_000)) },
  lines: { label: '10,000,000 newlines, then a syntax error', input: () => flat('\n'.repeat(10_000_000) + SELECTOR + ' &&') },
  crlf: { label: '5,000,000 CR LF, then a syntax error', input: () => flat('\r\n'.repeat(5_000_000) + SELECTOR + ' &&') },
  list: { label: '`[a,a,...]`, 100k chars', input: () => flat('[' + chain('a', ',', 99_998) + ']') },
  map: { label: '`{a:a,...}`, 100k chars', input: () => flat('{' + chain('a:a', ',', 99_998) + '}') },
  args: { label: '`f(a,a,...)`, 100k chars', input: () => flat('f(' + chain('a', ',', 99_997) + ')') },
  plus: { label: '`a+a+...`, 100k chars', input: () => chain('a', '+', 100_000) },
  select: { label: '`a.a.a...`, 100k chars', input: () => chain('a', '.', 100_000) },
  not: { label: '`!!!...a`, 100k chars', input: () => flat('!'.repeat(99_999) + 'a') },
  // Syntax errors at the end of a long valid prefix: cel-go's first error is found by the
  // parser generated from CEL's grammar on ANTLR's runtime, which reads the prefix again.
  listErr: { label: '`[a,a,... a`, 100k chars, syntax error at the end', input: () => flat('[' + chain('a', ',', 99_990) + ' a') },
  mapErr: { label: '`{a:a,... :`, 100k chars, syntax error at the end', input: () => flat('{' + chain('a:a', ',', 99_990) + ' :') },
  negErr: { label: '`-1-1-...--`, 100k chars, syntax error at the end', input: () => chain('-1', '-', 99_990) + '--' },
  indexErr: { label: '`a[0][0]...[`, 100k chars, syntax error at the end', input: () => flat('a' + '[0]'.repeat(33_000) + '[') },
  orErr: { label: '`shardRange(...) || ... ||`, 100k chars, syntax error at the end', input: () => chain(SELECTOR, ' || ', 99_990) + ' || ' },
  // No repetition to leave out, and one prediction that reads the whole chain: the generated
  // parser reads every token (see src/core/sharding/cel/recognizer/periodic.ts).
  mixedErr: { label: '100k chars of varied expressions joined by `||`, syntax error at the end', input: () => mixed() + ' ||' },
  selectErr: { label: '`a.a.a...a.`, 100k chars, syntax error at the end', input: () => chain('a', '.', 99_990) + '.' },
};

/** Varied expressions (no run of repeated token kinds) joined by `||`, up to 100k characters. */
function mixed(): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < 99_900; i++) {
    const part = `(a${i % 7 === 0 ? '.b' : ''}[${i % 3}] ${['+', '*', '-'][i % 3]} f(${i % 5 === 0 ? 'x, y' : 'z'})${i % 4 === 0 ? ' < 2' : ''})`;
    parts.push(part);
    length += part.length + 4;
  }
  return flat(parts.join(' || ').slice(0, 99_900));
}

function parseOnce(input: string): void {
  try {
    parseShardSelector(input);
  } catch {
    // Rejections are results too; only their cost is measured here.
  }
}

/** Best of `rounds` parses after one warm-up, in ms. */
function warmMs(input: string, rounds = 15): number {
  parseOnce(input);
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    parseOnce(input);
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** The first parse of the case in a fresh process, in ms (undefined if the child failed). */
function coldMs(name: string): number | undefined {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ['--import', 'tsx', self, '--cold', name], { encoding: 'utf8' });
  const ms = Number.parseFloat(child.stdout.trim());
  return child.status === 0 && Number.isFinite(ms) ? ms : undefined;
}

export async function runParserBenchmarks(): Promise<BenchResult[]> {
  await loadSyntaxErrors();
  const refMs = warmMs(CASES.or!.input());
  const reference = { name: CASES.or!.label, value: refMs, unit: 'ms warm' };
  const results: BenchResult[] = [];
  for (const [name, c] of Object.entries(CASES)) {
    const ms = name === 'or' ? refMs : warmMs(c.input());
    results.push({
      name: `parseShardSelector: ${c.label}, warm`,
      value: ms,
      unit: 'ms',
      reference,
      ratio: refMs / ms,
      target: `< ${TARGET_MS} ms`,
      pass: ms < TARGET_MS,
    });
  }
  for (const name of ['or', 'and', 'index', 'lead', 'lines']) {
    const ms = coldMs(name);
    if (ms === undefined) continue;
    results.push({ name: `parseShardSelector: ${CASES[name]!.label}, cold (first parse in a new process)`, value: ms, unit: 'ms', reference, ratio: refMs / ms });
  }
  return results;
}

// `tsx bench/parser.ts --cold <case>`: time one first parse and print it.
if (process.argv.includes('--cold')) {
  const name = process.argv[process.argv.indexOf('--cold') + 1]!;
  const input = CASES[name]!.input();
  await loadSyntaxErrors();
  const t = performance.now();
  parseOnce(input);
  console.log((performance.now() - t).toFixed(2));
}
