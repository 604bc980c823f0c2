import { describe, expect, it } from 'vitest';
import { listWorkSeats } from './apf';

describe("APF's work estimate of a LIST (SizeBasedListCostEstimate)", () => {
  it('charges a seat per 100 kB of what it would load, at least one', () => {
    expect(listWorkSeats({ objects: 100, averageObjectBytes: 4500, limit: 0, fromCache: true })).toBe(5);
    expect(listWorkSeats({ objects: 0, averageObjectBytes: 0, limit: 0, fromCache: true })).toBe(1);
  });

  it('caps what the watch cache serves at 1 MB (10 seats), and everything at 100 seats', () => {
    expect(listWorkSeats({ objects: 10_000, averageObjectBytes: 4500, limit: 0, fromCache: true })).toBe(10);
    expect(listWorkSeats({ objects: 10_000, averageObjectBytes: 4500, limit: 0, fromCache: false })).toBe(100);
    expect(listWorkSeats({ objects: 2_000, averageObjectBytes: 4500, limit: 0, fromCache: false })).toBe(90);
  });

  it('counts at most `limit` objects, and reads nothing else: a shard of the collection is charged as the whole', () => {
    expect(listWorkSeats({ objects: 10_000, averageObjectBytes: 1000, limit: 500, fromCache: false })).toBe(5);
    expect(listWorkSeats({ objects: 10_000, averageObjectBytes: 1000, limit: 20_000, fromCache: false })).toBe(100);
  });
});
