import { describe, expect, it } from 'vitest';
import { SEND_PATH, sendCost, sendCostRates } from './sendcost';
import { DEFAULT_PARAMS } from '../params';

describe('the send-path cost model', () => {
  const rates = { selectorEvalNs: 200, encodeNsPerByte: 5, sendNsPerByte: 1, sendEventNs: 6000 };

  it('prices each part on its own: checks, encoding, and per watcher a write per event and per byte', () => {
    const c = sendCost({ selectorEvals: 10, encodedBytes: 1000, sentBytes: 4000, sentEvents: 4 }, rates);
    expect(c.select).toBeCloseTo(2000e-9, 18);
    expect(c.encode).toBeCloseTo(5000e-9, 18);
    expect(c.send).toBeCloseTo((4 * 6000 + 4000) * 1e-9, 18);
    expect(c.total).toBeCloseTo((2000 + 5000 + 28000) * 1e-9, 18);
  });

  it('one event of 1 kB to four unfiltered watchers costs four writes but one encoding', () => {
    const once = sendCost({ selectorEvals: 0, encodedBytes: 1000, sentBytes: 1000, sentEvents: 1 }, rates);
    const four = sendCost({ selectorEvals: 0, encodedBytes: 1000, sentBytes: 4000, sentEvents: 4 }, rates);
    expect(four.encode).toBe(once.encode);
    expect(four.send).toBeCloseTo(4 * once.send, 18);
  });

  it('takes the selector and encoding costs from the parameters, by encoding, and the write path as measured', () => {
    const json = sendCostRates(DEFAULT_PARAMS);
    expect(json).toEqual({ selectorEvalNs: 225, encodeNsPerByte: 5.5, sendNsPerByte: SEND_PATH.sendNsPerByte, sendEventNs: SEND_PATH.sendEventNs });
    const proto = sendCostRates({ ...DEFAULT_PARAMS, sizes: { ...DEFAULT_PARAMS.sizes, encoding: 'protobuf' } });
    expect(proto.encodeNsPerByte).toBe(1.5);
  });
});
