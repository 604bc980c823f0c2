/**
 * Seeded fuzzing of what a stranger controls: the link decoder and the validation
 * of typed numbers. No exception escapes; every field the decoder does not use as given is
 * named (the notice prints exactly these names); whatever the encoder writes, the decoder
 * reads back unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARD_KEYS } from '../core/sharding';
import { CLIENT_KINDS } from '../sim';
import { defaultSimParams, defaultViewParams } from './defaults';
import { encodeLink, linkFor, MAX_LINK_LENGTH, readLink, type LinkIssue, type LinkState } from './link';
import { LIMITS, SPEEDS, type NumericParam, type SimParams, type ViewParams } from './params';
import { validateParam } from './validate';
import { deflateSync } from 'fflate';
import { toBase64Url } from './shortLink';

const SEED = 20261130;
/** A few seconds on a quiet machine; room for a loaded CI box. */
const FUZZ_TIMEOUT_MS = 60_000;
const NUMERIC = Object.keys(LIMITS).filter((k) => k !== 'apiServers') as (NumericParam & keyof SimParams)[];

/** A plain check: `expect` costs tens of microseconds a call, too much for 10,000 cases. */
function check(ok: boolean, what: () => string): void {
  if (!ok) throw new Error(what());
}

/** A state the page could hold: every field within its bounds. */
function checkUsable(state: LinkState): void {
  const p = state.params;
  for (const k of NUMERIC) {
    const v = p[k] as number;
    const lim = LIMITS[k];
    check(Number.isFinite(v) && v >= lim.min && v <= lim.max && (!lim.integer || Number.isInteger(v)), () => `${k} = ${v}`);
  }
  check(SHARD_KEYS.includes(p.shardKey), () => `shardKey ${p.shardKey}`);
  check(['json', 'protobuf'].includes(p.encoding), () => `encoding ${p.encoding}`);
  check(['ranges', 'jump'].includes(p.clientMode), () => `clientMode ${p.clientMode}`);
  check(['owned', 'all'].includes(p.clientCache), () => `clientCache ${p.clientCache}`);
  check(CLIENT_KINDS.includes(p.client), () => `client ${String(p.client)}`);
  check(p.apiServers.length >= LIMITS.apiServers.min && p.apiServers.length <= LIMITS.apiServers.max, () => `${p.apiServers.length} API servers`);
  for (const s of p.apiServers) check(Object.keys(s).length === 1 && typeof s.gate === 'boolean', () => `API server ${JSON.stringify(s)}`);
  check(p.selectors.length === p.replicas && p.selectors.every((s) => typeof s === 'string'), () => `selectors ${JSON.stringify(p.selectors)}`);
  const w = state.view;
  check(['strip', 'ring'].includes(w.view), () => `view ${w.view}`);
  check(['server', 'client'].includes(w.dotOwners), () => `dotOwners ${w.dotOwners}`);
  check(['light', 'dark'].includes(w.theme), () => `theme ${w.theme}`);
  check(SPEEDS.includes(w.speed), () => `speed ${w.speed}`);
  check(typeof w.presentation === 'boolean', () => `presentation ${String(w.presentation)}`);
}

/** Whether `field`, or a part of it (`apiServers[1].gate`), is named. */
const named = (issues: readonly LinkIssue[], field: string) => issues.some((i) => i.field === field || i.field.startsWith(`${field}[`));
/** JSON with sorted keys: equal values, key order aside (lone surrogates are escaped, so told apart). */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (isRecord(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- generators ------------------------------------------------------------------------------

const normal = (d: number) => d + 0; // JSON has no -0
const validNumber = (k: NumericParam) => {
  const lim = LIMITS[k];
  return lim.integer ? fc.integer({ min: lim.min, max: lim.max }) : fc.double({ min: lim.min, max: lim.max, noNaN: true }).map(normal);
};
/** Selector texts as people paste them: any UTF-16 units, lone surrogates included. */
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }));
/** A long paste: a short piece repeated, 10,001 to 48,000 characters (over the old 10,000 limit; up to 9 characters each in a link). */
const longText = fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), fc.integer({ min: 10_001, max: 12_000 })).map(([piece, n]) => piece.repeat(n));
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 1, maxKeys: 3 } as Parameters<typeof fc.jsonValue>[0]),
  fc.constantFrom('', 'false', 'true', '1', 'NaN', 'Infinity', '1e-10', 'ring', 'dark', 'jump', null, true, false, -0, 1e300, -1, 0.5, 2 ** 32, [], {}),
);
/** A value for parameter `k`: usually a good one, sometimes anything. */
const paramValue = (k: keyof SimParams, replicas: number): fc.Arbitrary<unknown> => {
  const good: Record<keyof SimParams, fc.Arbitrary<unknown>> = {
    ...(Object.fromEntries(NUMERIC.map((n) => [n, validNumber(n)])) as Record<NumericParam & keyof SimParams, fc.Arbitrary<unknown>>),
    replicas: fc.constant(replicas),
    encoding: fc.constantFrom('json', 'protobuf'),
    shardKey: fc.constantFrom(...SHARD_KEYS),
    apiServers: fc.array(fc.oneof(fc.record({ gate: fc.boolean() }), fc.record({ gate: junk }), fc.dictionary(fc.string({ maxLength: 4 }), junk, { maxKeys: 2 }), junk), { minLength: 0, maxLength: 7 }),
    clientMode: fc.constantFrom('ranges', 'jump'),
    client: fc.constantFrom(...CLIENT_KINDS),
    clientCache: fc.constantFrom('owned', 'all'),
    lifecycle: fc.constant(undefined),
    retyped: fc.constant(undefined),
    imported: fc.constant(undefined),
    selectors: fc.oneof(fc.array(text, { minLength: replicas, maxLength: replicas }), fc.array(fc.oneof(text, junk), { maxLength: 5 })),
    schedule: fc.oneof(
      fc.constant([]),
      fc.record({ kind: fc.constant('reshard'), at: fc.integer({ min: 0, max: 600 }), to: fc.constant(replicas === 64 ? 63 : replicas + 1), strategy: fc.constantFrom('equal-ranges', 'range-splitting', 'jump-hash', 'hash-mod'), rollout: fc.constant({ kind: 'all-at-once' }) }).map((e) => [e]),
      fc.array(junk, { maxLength: 2 }),
    ),
  };
  return fc.oneof({ arbitrary: good[k], weight: 3 }, { arbitrary: junk, weight: 1 });
};
const PARAM_KEYS = Object.keys(defaultSimParams()) as (keyof SimParams)[];
const VIEW_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  view: fc.constantFrom('strip', 'ring'),
  dotOwners: fc.constantFrom('server', 'client'),
  theme: fc.constantFrom('light', 'dark'),
  speed: fc.constantFrom(...SPEEDS),
  locale: fc.constant('en'),
  presentation: fc.boolean(),
};
/** Some keys of `values`, each with a good value or junk, plus a few keys the format does not have. */
function block(values: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const fields = fc.record(
    Object.fromEntries(Object.entries(values).map(([k, a]) => [k, fc.oneof({ arbitrary: a, weight: 3 }, { arbitrary: junk, weight: 1 })])),
    { requiredKeys: [] },
  );
  const unknown = fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'toString', 'constructor', 'replica', 'gate')), junk, { maxKeys: 2 });
  return fc.tuple(fields, fc.oneof({ arbitrary: fc.constant({}), weight: 4 }, { arbitrary: unknown, weight: 1 })).map(([f, u]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(u)) if (!(k in values)) Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
    return Object.assign(out, f);
  });
}
/** Link JSON: mostly well formed, with junk in any field, blocks of the wrong type, unknown keys. */
/** Replica counts: mostly small (generation cost grows with selectors), the bounds included. */
const replicaCount = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 6 }), weight: 8 }, { arbitrary: fc.constantFrom(LIMITS.replicas.max, 17), weight: 1 });
const linkJsonFor = new Map<number, fc.Arbitrary<Record<string, unknown>>>();
const linkJson = replicaCount.chain((replicas) => {
  const hit = linkJsonFor.get(replicas);
  if (hit) return hit;
  const values = Object.fromEntries(PARAM_KEYS.map((k) => [k, paramValue(k, replicas)]));
  const p = block(values).map((b) => (Object.prototype.hasOwnProperty.call(b, 'selectors') && !('replicas' in b) ? { ...b, replicas } : b));
  const arb = fc.record(
    {
      v: fc.oneof({ arbitrary: fc.constant(1), weight: 9 }, { arbitrary: junk, weight: 1 }),
      p: fc.oneof({ arbitrary: p, weight: 9 }, { arbitrary: junk, weight: 1 }),
      w: fc.oneof({ arbitrary: block(VIEW_VALUES), weight: 9 }, { arbitrary: junk, weight: 1 }),
      extra: junk,
    },
    { requiredKeys: ['v'] },
  );
  linkJsonFor.set(replicas, arb);
  return arb;
});

const validState: fc.Arbitrary<LinkState> = replicaCount.chain((replicas) =>
  fc
    .record({
      ...(Object.fromEntries(NUMERIC.map((n) => [n, validNumber(n)])) as Record<string, fc.Arbitrary<number>>),
      encoding: fc.constantFrom('json' as const, 'protobuf' as const),
      shardKey: fc.constantFrom(...SHARD_KEYS),
      apiServers: fc.array(fc.record({ gate: fc.boolean() }), { minLength: 1, maxLength: 5 }),
      clientMode: fc.constantFrom('ranges' as const, 'jump' as const),
      client: fc.constantFrom(...CLIENT_KINDS),
      clientCache: fc.constantFrom('owned' as const, 'all' as const),
      selectors: fc.array(fc.oneof({ arbitrary: text, weight: 40 }, { arbitrary: longText, weight: 1 }), { minLength: replicas, maxLength: replicas }),
      schedule: fc.oneof(
        { arbitrary: fc.constant([]), weight: 3 },
        {
          arbitrary: fc
            .record({ at: fc.integer({ min: 0, max: 600 }), strategy: fc.constantFrom('equal-ranges' as const, 'jump-hash' as const), every: fc.integer({ min: 1, max: 30 }) })
            .map(({ at, strategy, every }) => [{ kind: 'reshard' as const, at, to: replicas === 64 ? 63 : replicas + 1, strategy, rollout: { kind: 'one-by-one' as const, everySeconds: every } }]),
          weight: 1,
        },
      ),
      view: fc.record({
        view: fc.constantFrom('strip' as const, 'ring' as const),
        dotOwners: fc.constantFrom('server' as const, 'client' as const),
        theme: fc.constantFrom('light' as const, 'dark' as const),
        speed: fc.constantFrom(...SPEEDS),
        locale: fc.constant('en' as const),
        presentation: fc.boolean(),
      }),
    })
    .map(({ view, ...p }) => ({ params: { ...(p as unknown as SimParams), replicas }, view: view as ViewParams })),
);

// ---- properties --------------------------------------------------------------------------------

describe('the link decoder under fuzzing', () => {
  it('never throws, gives a usable state, and names every field it did not take as given (2,500 links)', () => {
    fc.assert(
      fc.property(linkJson, (raw) => {
        const { state, issues } = readLink('#state=' + encodeURIComponent(JSON.stringify(raw)));
        if (raw.v !== 1) {
          check(state === null && same(issues, [{ field: 'state', reason: 'version' }]), () => `version ${JSON.stringify(raw.v)}: ${JSON.stringify(issues)}`);
          return;
        }
        check(state !== null, () => 'no state');
        checkUsable(state!);
        for (const k of Object.keys(raw)) if (!['v', 'p', 'w'].includes(k)) check(named(issues, k), () => `${k} not named`);
        for (const [blockKey, given, used] of [['p', raw.p, state!.params], ['w', raw.w, state!.view]] as const) {
          if (given === undefined) continue;
          if (!isRecord(given)) {
            check(named(issues, blockKey), () => `${blockKey} not named`);
            continue;
          }
          for (const k of Object.keys(given)) {
            if (named(issues, k)) continue;
            let expected = given[k];
            // A server without `gate` has the default gate (on), like any missing field.
            if (k === 'apiServers' && Array.isArray(expected)) expected = expected.map((s) => ({ gate: true, ...(s as object) }));
            check(same((used as unknown as Record<string, unknown>)[k], expected), () => `${k}: ${JSON.stringify(given[k])} was changed without a notice`);
          }
        }
      }),
      { seed: SEED, numRuns: 2_500 },
    );
  }, FUZZ_TIMEOUT_MS);

  it('never throws on any fragment text, percent escapes and broken UTF-8 included (5,000 fragments)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }),
      fc.constantFrom('%', '%7B', '%22', '%E9', '%ED%A0%80', '%FF', '%2', '{"v":1,', '"p":', '"w":', '}', '[', ']', ',', '&state=', '#'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const { state, issues } = readLink('#state=' + parts.join(''));
        if (state) checkUsable(state);
        else check(issues.length === 1 && issues[0]!.field === 'state', () => JSON.stringify(issues));
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  }, FUZZ_TIMEOUT_MS);

  it('reads back exactly every state the encoder writes a link for (1,000 states)', () => {
    fc.assert(
      fc.property(validState, (state) => {
        const link = linkFor(state);
        if (!link.ok) {
          check(encodeLink(state).length > MAX_LINK_LENGTH, () => 'refused a link that fits');
          return;
        }
        const back = readLink(link.hash);
        check(back.issues.length === 0, () => JSON.stringify(back.issues));
                check(same(back.state, state), () => `${link.hash.slice(0, 200)} did not read back`);
      }),
      { seed: SEED, numRuns: 1_000 },
    );
  }, FUZZ_TIMEOUT_MS);
});

/** A short link carrying any JSON value. */
const shortFragment = (raw: unknown) => '#s=2.' + toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify(raw))));

describe('the short link decoder under fuzzing', () => {
  it('never throws, gives a usable state, and names every field it did not take as given (2,500 short links)', () => {
    fc.assert(
      fc.property(linkJson, (withVersion) => {
        // The short form has no `v` field: the version is the `1.` before the payload.
        const { v: _v, ...raw } = withVersion;
        const { state, issues } = readLink(shortFragment(raw) + '&lang=zh-CN');
        check(state !== null, () => 'no state');
        checkUsable(state!);
        for (const k of Object.keys(raw)) if (!['p', 'w'].includes(k)) check(named(issues, k), () => `${k} not named`);
        for (const [blockKey, given, used] of [['p', raw.p, state!.params], ['w', raw.w, state!.view]] as const) {
          if (given === undefined) continue;
          if (!isRecord(given)) {
            check(named(issues, blockKey), () => `${blockKey} not named`);
            continue;
          }
          for (const k of Object.keys(given)) {
            if (named(issues, k)) continue;
            let expected = given[k];
            if (k === 'apiServers' && Array.isArray(expected)) expected = expected.map((s) => ({ gate: true, ...(s as object) }));
            check(same((used as unknown as Record<string, unknown>)[k], expected), () => `${k}: ${JSON.stringify(given[k])} was changed without a notice`);
          }
        }
      }),
      { seed: SEED, numRuns: 2_500 },
    );
  }, FUZZ_TIMEOUT_MS);

  it('never throws on any payload: bad base64url, broken DEFLATE, other versions, bytes that are not JSON (5,000 payloads)', () => {
    const payload = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }).map((t) => '1.' + t),
      fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')), maxLength: 60 }).map((t) => '1.' + t),
      fc.uint8Array({ maxLength: 60 }).map((b) => '1.' + toBase64Url(b)),
      fc.uint8Array({ maxLength: 60 }).map((b) => '1.' + toBase64Url(deflateSync(b))),
      fc.string({ unit: 'binary', maxLength: 40 }).map((t) => '1.' + toBase64Url(deflateSync(new TextEncoder().encode(t)))),
      fc.tuple(fc.nat(99), fc.string({ maxLength: 20 })).map(([v, t]) => `${v}.${t}`),
    );
    fc.assert(
      fc.property(payload, (p) => {
        const { state, issues } = readLink('#s=' + p);
        if (state) checkUsable(state);
        else check(issues.length === 1 && issues[0]!.field === 'state', () => JSON.stringify(issues));
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  }, FUZZ_TIMEOUT_MS);
});

describe('number validation under fuzzing', () => {
  const params = Object.keys(LIMITS) as NumericParam[];
  const typed = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.array(fc.constantFrom(...'0123456789.,_ \u00a0\u202f\'eE+-kKmMx'.split('')), { maxLength: 14 }).map((a) => a.join('')),
    fc.double().map(String),
    fc.integer().map(String),
  );
  it('never throws, and accepts only values within the parameter\u2019s bounds (10,000 drafts)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...params), typed, (param, text) => {
        const r = validateParam(param, text);
        const lim = LIMITS[param];
        if (r.ok) check(Number.isFinite(r.value) && r.value >= lim.min && r.value <= lim.max && (!lim.integer || Number.isInteger(r.value)), () => `${param} "${text}" -> ${r.value}`);
        else check(typeof r.problem.code === 'string', () => JSON.stringify(r));
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  }, FUZZ_TIMEOUT_MS);
});

it('the view defaults a link falls back on are the page\u2019s defaults', () => {
  expect(readLink('#state=' + encodeURIComponent('{"v":1}')).state?.view).toEqual(defaultViewParams());
});
