import { describe, expect, it } from 'vitest';
import { createSimulation } from './simulation';
import type { SimSnapshot } from '../report';

/** Distinct costs, neither the default: a cost taken from the wrong encoding shows. */
const JSON_NS = 7;
const PROTOBUF_NS = 3;
const COSTS = { jsonDecodeNsPerByte: JSON_NS, protobufDecodeNsPerByte: PROTOBUF_NS };
const NS = { json: JSON_NS, protobuf: PROTOBUF_NS } as const;
const MODES = ['client', 'server'] as const;

function run(encoding: 'json' | 'protobuf') {
  return createSimulation({ seed: 'decode-cost', cluster: { pods: 2_000, namespaces: 8 }, replicas: { count: 4 }, sizes: { encoding }, costs: COSTS });
}

const replicas = (s: SimSnapshot) => MODES.flatMap((m) => s.modes[m].replicas.map((r) => ({ what: `${m} replica ${r.index}`, r })));

describe('decode CPU: every byte a replica decodes costs its encoding’s ns/byte', () => {
  it.each(['json', 'protobuf'] as const)('%s: measured decode CPU is bytes decoded × that encoding’s cost, in both modes; so is the closed form', (encoding) => {
    const sim = run(encoding);
    sim.step(12);
    const s = sim.snapshot();
    for (const { what, r } of replicas(s)) {
      expect(r.counters.bytesDecoded, what).toBeGreaterThan(0);
      expect(r.counters.decodeCpuSeconds, what).toBeCloseTo(r.counters.bytesDecoded * NS[encoding] * 1e-9, 12);
    }
    for (const m of MODES) {
      s.closedForm[m].replicaBytesPerSec.forEach((b, i) => expect(s.closedForm[m].replicaCpuCores[i], `${m} ${i}`).toBeCloseTo(b * NS[encoding] * 1e-9, 12));
    }
  });

  it('a switch from JSON to protobuf mid-run: the bytes decoded before cost the JSON rate, those after the protobuf rate', () => {
    const sim = run('json');
    sim.step(5);
    const before = sim.snapshot();
    sim.reconfigure({ sizes: { encoding: 'protobuf' } });
    sim.step(5);
    const after = sim.snapshot();
    replicas(after).forEach(({ what, r }, k) => {
      const b = replicas(before)[k]!.r.counters.bytesDecoded;
      expect(r.counters.bytesDecoded, what).toBeGreaterThan(b);
      expect(r.counters.decodeCpuSeconds, what).toBeCloseTo((b * JSON_NS + (r.counters.bytesDecoded - b) * PROTOBUF_NS) * 1e-9, 12);
    });
  });
});
