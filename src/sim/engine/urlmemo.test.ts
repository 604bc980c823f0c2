import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSimulation } from './simulation';
import { goQueryEscape } from '../apiserver';
import { goQueryEscapeMemo } from '../apiserver';

vi.mock('../apiserver/url', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../apiserver/url')>();
  return { ...actual, goQueryEscape: vi.fn(actual.goQueryEscape) };
});

const escape = vi.mocked(goQueryEscape);
afterEach(() => escape.mockClear());

/** Calls that escaped a selector (not a short key or value such as `watch=true`). */
const selectorEscapes = () => escape.mock.calls.filter(([v]) => v.includes('shardRange')).length;

describe('goQueryEscapeMemo', () => {
  it('escapes each distinct text once, however often it is asked', () => {
    const text = "shardRange(object.metadata.uid, '0x0000000000000000', '0x8000000000000000') // memo test";
    for (let i = 0; i < 10; i++) expect(goQueryEscapeMemo(text)).toBe(escape.getMockImplementation()!(text));
    expect(escape.mock.calls.filter(([v]) => v === text)).toHaveLength(1);
  });
});

describe('snapshot request URLs', () => {
  it("do not re-escape the replicas' selectors on every snapshot", () => {
    const long = (k: number) =>
      Array.from({ length: 100 }, (_, i) => `shardRange(object.metadata.uid, '0x${(k * 100 + i).toString(16).padStart(16, '0')}', '0x${(k * 100 + i + 1).toString(16).padStart(16, '0')}')`).join(' || ');
    const sim = createSimulation({ seed: 'url-once', cluster: { pods: 500 }, replicas: { count: 4, selectors: [0, 1, 2, 3].map((k) => ({ kind: 'text' as const, text: long(k) })) } });
    const first = sim.snapshot();
    expect(first.modes.server.replicas[0]!.listUrl).toContain(`shardSelector=${escape.getMockImplementation()!(long(0))}`);
    escape.mockClear();
    for (let i = 0; i < 10; i++) {
      sim.step(0.5);
      const s = sim.snapshot();
      expect(s.modes.server.replicas[3]!.watchUrl).toBe(first.modes.server.replicas[3]!.watchUrl);
    }
    expect(selectorEscapes()).toBe(0);
  });
});
