// `npx tsx scripts/cel-differential.ts --oracle <binary> [--count 20000] [--seed N]
//    [--family a,b] [--from fixture.json] [--examples 3] [--write-fixture FILE N] [--json FILE]`
//
// Differential test of parseShardSelector against cel-go. Generates inputs from a seed
// (tests/support/celFuzz.ts; a fresh seed each run unless --seed, printed so a run can be
// repeated), asks the oracle and ShardScope for a verdict on each, and prints the share of
// exact messages and exact positions, then the disagreements grouped by kind with examples.
// --from takes the inputs of a fixture instead (any JSON with cases[].input).
//
// The oracle is a program kept outside this repository: built from cel-go v0.26.1 (whose
// parser and common packages are v0.26.0's, the version kube-apiserver v1.36.3 pins), it reads
// one JSON string per line and writes one JSON object per line, in order:
//   {"verdict": "CEL parse error: <errs.GetErrors()[0].Message>" | "accepted: <String()>" | <walk error>,
//    "at": {"line": L, "column": C, "offset": O}}
// where the CEL step is `parser.NewParser(parser.Macros()).Parse(common.NewTextSource(trimmed))`
// and at is the first error's Location (line 1-based, column 0-based code points) with offset =
// code points trimmed away + the source's LocationOffset; -1 throughout where there is none.
//
// --write-fixture FILE N writes N cases whose oracle verdict is a CEL parse error, the
// disagreements first and then agreeing ones of every kind, in the format of
// tests/fixtures/syntax-errors-celgo.json, so a clone without the oracle can test them.
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CEL_PREFIX, compare, fixtureText, messageKind, missKind, runOracle, shardScopeVerdict, type Outcome } from '../tests/support/celDifferential';
import { FAMILIES, fuzzCases, type Family } from '../tests/support/celFuzz';
import { loadSyntaxErrors } from '../src/core/sharding/cel';

function fail(message: string): never {
  console.error(`cel-differential: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
}

const oracle = option('--oracle') ?? fail('--oracle <path to the oracle binary> is required');
const count = Number(option('--count') ?? 20000);
const seed = option('--seed') !== undefined ? Number(option('--seed')) : randomInt(2 ** 31);
const examples = Number(option('--examples') ?? 3);
const families = option('--family')?.split(',') as Family[] | undefined;
for (const f of families ?? []) if (!FAMILIES.includes(f)) fail(`unknown family ${f}; known: ${FAMILIES.join(', ')}`);
const from = option('--from');
const fixtureAt = args.indexOf('--write-fixture');
const fixture = fixtureAt < 0 ? undefined : { file: args[fixtureAt + 1] ?? fail('--write-fixture FILE N'), n: Number(args[fixtureAt + 2] ?? fail('--write-fixture FILE N')) };
const jsonOut = option('--json');

const cases = from
  ? (JSON.parse(readFileSync(from, 'utf8')) as { cases: { input: string }[] }).cases.map((c) => ({ input: c.input, family: 'fixture' }))
  : fuzzCases(seed, count, families);
console.log(from ? `inputs: ${cases.length} from ${from}` : `seed: ${seed}  (repeat with --seed ${seed})  inputs: ${cases.length}`);

let t0 = performance.now();
const theirs = runOracle(oracle, cases.map((c) => c.input));
console.log(`oracle: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// A syntax error's exact wording comes from the parser loaded on demand: load it before comparing.
await loadSyntaxErrors();
t0 = performance.now();
const outcomes: Outcome[] = cases.map((c, i) => {
  const t = performance.now();
  const ours = shardScopeVerdict(c.input);
  return compare(c.input, c.family, theirs[i]!, ours, performance.now() - t);
});
console.log(`ShardScope: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(2)}%`);
const celErrors = outcomes.filter((o) => o.oracle.error.startsWith(CEL_PREFIX));
const line = (label: string, os: readonly Outcome[]) => {
  const w = os.filter((o) => o.wordingOk).length;
  const p = os.filter((o) => o.positionOk).length;
  const b = os.filter((o) => o.wordingOk && o.positionOk).length;
  console.log(`${label.padEnd(44)} ${String(os.length).padStart(6)}  wording ${pct(w, os.length).padStart(7)}  position ${pct(p, os.length).padStart(7)}  both ${pct(b, os.length).padStart(7)}`);
};
console.log('');
line('all inputs', outcomes);
line('cel-go: CEL parse error', celErrors);
line('cel-go: parsed', outcomes.filter((o) => !o.oracle.error.startsWith(CEL_PREFIX)));
console.log('\nby family:');
for (const f of [...new Set(outcomes.map((o) => o.family))]) line(`  ${f}`, outcomes.filter((o) => o.family === f));
console.log('\nby cel-go message kind:');
const kinds = new Map<string, Outcome[]>();
for (const o of outcomes) {
  const k = messageKind(o.oracle.error);
  kinds.set(k, [...(kinds.get(k) ?? []), o]);
}
for (const [k, os] of [...kinds].sort((a, b) => b[1].length - a[1].length)) line(`  ${k}`.slice(0, 44), os);

const misses = outcomes.filter((o) => !o.wordingOk || !o.positionOk);
const groups = new Map<string, Outcome[]>();
for (const o of misses) groups.set(missKind(o), [...(groups.get(missKind(o)) ?? []), o]);
console.log(`\nmisses: ${misses.length}, in ${groups.size} groups`);
const show = (s: string) => {
  const j = JSON.stringify(s);
  return j.length > 240 ? `${j.slice(0, 200)}…(${s.length} chars)` : j;
};
for (const [k, os] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n[${os.length}] ${k}`);
  for (const o of os.slice(0, examples)) {
    console.log(`  input ${show(o.input)}  (${o.family})`);
    console.log(`    cel-go ${show(o.oracle.error)} @${JSON.stringify(o.oracle.at)}`);
    console.log(`    ours   ${show(o.ours.error)} @${JSON.stringify(o.ours.at)}`);
  }
}

const slow = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 3);
console.log(`\nslowest in ShardScope: ${slow.map((o) => `${o.ms.toFixed(0)} ms (${o.family}, ${o.input.length} chars)`).join(', ')}`);

if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ seed, outcomes }));

if (fixture) {
  // Disagreements first, then agreeing ones spread over cel-go's message kinds; long inputs
  // (the size limit) only a few, to keep the file small.
  const short = celErrors.filter((o) => o.input.length <= 5000);
  const long = celErrors.filter((o) => o.input.length > 5000).sort((a, b) => a.input.length - b.input.length);
  const disagrees = (o: Outcome) => !o.wordingOk || !o.positionOk;
  const chosen: Outcome[] = [...long.filter(disagrees).slice(0, 3), ...long.filter((o) => !disagrees(o)).slice(0, 2)];
  chosen.push(...short.filter(disagrees).slice(0, Math.max(0, fixture.n - chosen.length)));
  const picked = new Set(chosen);
  const eligible = short.filter((o) => !picked.has(o));
  const agreeing = new Map<string, Outcome[]>();
  for (const o of eligible) {
    const k = messageKind(o.oracle.error);
    agreeing.set(k, [...(agreeing.get(k) ?? []), o]);
  }
  const queues = [...agreeing.values()];
  for (let round = 0; chosen.length < fixture.n && queues.some((q) => q.length > round); round++) {
    for (const q of queues) if (chosen.length < fixture.n && q[round]) chosen.push(q[round]!);
  }
  const differing = chosen.filter(disagrees).length;
  const about =
    `Syntax errors with cel-go's verdicts (cel-go v0.26.1, whose parser is v0.26.0's, the version kube-apiserver v1.36.3 pins), drawn by scripts/cel-differential.ts from ${from ? `the inputs of ${from}` : `seed ${seed} (${cases.length} generated inputs)`}. ` +
    `${differing} of the ${chosen.length} cases are inputs on which ShardScope's parser disagreed with cel-go when they were drawn; the rest are agreeing ones spread over every kind of message. ` +
    "'error' is the apiserver's message ('CEL parse error: ' + cel-go's first error); 'at' = {line (1-based), column (0-based, code points of the trimmed text), offset (code points from the start of the untrimmed input)}, -1 throughout where cel-go gives no location.";
  writeFileSync(fixture.file, fixtureText(about, chosen.map((o) => ({ input: o.input, error: o.oracle.error, at: o.oracle.at }))));
  console.log(`\nwrote ${chosen.length} cases (${differing} disagreeing) to ${fixture.file}`);
}
