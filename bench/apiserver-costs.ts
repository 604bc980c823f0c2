/**
 * The API server's per-object costs the model charges (`costs.serverShardCheckNs`,
 * `costs.serverJsonEncodeNsPerByte`), measured with Go's own standard library by
 * `bench/go/costs.go`: one shard check as apimachinery's Selector.Matches does it per
 * watcher per event (FNV-1a 64 of the uid, "%016x", the bounds compared), and JSON encoding
 * of a pod. Each row reports the model's figure against the measured one (the reference, same
 * process run). Skipped, with a note, when `go` is not installed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEFAULT_PARAMS } from '../src/sim';
import type { BenchResult } from './types';

interface GoCosts {
  readonly go: string;
  readonly shardCheckNs: number;
  readonly jsonEncodeNsPerByte: number;
  readonly podJsonBytes: number;
}

/** The Go measurements, or undefined when Go is missing or fails. */
export function measureGoCosts(): GoCosts | undefined {
  const run = spawnSync('go', ['run', join(import.meta.dirname, 'go', 'costs.go')], { encoding: 'utf8', timeout: 300_000 });
  if (run.error || run.status !== 0) {
    console.error(`apiserver costs: skipped (${run.error ? 'go is not installed' : `go run failed: ${run.stderr.trim().split('\n')[0]}`})`);
    return undefined;
  }
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as GoCosts;
}

export function runApiServerCostBenchmarks(): BenchResult[] {
  const m = measureGoCosts();
  if (!m) return [];
  const c = DEFAULT_PARAMS.costs;
  const within = (ratio: number) => ratio >= 0.5 && ratio <= 2;
  return [
    {
      name: `model's API-server shard check, costs.serverShardCheckNs (one FNV-1a per watcher per event)`,
      value: c.serverShardCheckNs,
      unit: 'ns',
      reference: { name: `${m.go}: fnv.New64a over a uid, "0x%016x", two bound comparisons (bench/go/costs.go)`, value: m.shardCheckNs, unit: 'ns' },
      ratio: c.serverShardCheckNs / m.shardCheckNs,
      target: 'the model within 2x of Go (0.5 <= ratio <= 2)',
      pass: within(c.serverShardCheckNs / m.shardCheckNs),
    },
    {
      name: `model's API-server JSON encoding, costs.serverJsonEncodeNsPerByte (once per event for all watchers)`,
      value: c.serverJsonEncodeNsPerByte,
      unit: 'ns/B',
      reference: { name: `${m.go}: encoding/json.Marshal of a ${Math.round(m.podJsonBytes)}-byte pod (bench/go/costs.go)`, value: m.jsonEncodeNsPerByte, unit: 'ns/B' },
      ratio: c.serverJsonEncodeNsPerByte / m.jsonEncodeNsPerByte,
      target: 'the model within 2x of Go (0.5 <= ratio <= 2)',
      pass: within(c.serverJsonEncodeNsPerByte / m.jsonEncodeNsPerByte),
    },
  ];
}
