import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { setLookupMarker, useLookupMarker } from '../hash';
import { setYourClusterOpen, useYourClusterOpen } from './marker';

describe('the "your cluster" panel and its marker on the hash space', () => {
  it('closing the panel removes the marker; opening it leaves the marker alone', () => {
    const open = renderHook(() => useYourClusterOpen());
    const marker = renderHook(() => useLookupMarker());
    act(() => setYourClusterOpen(true));
    act(() => setLookupMarker({ position: 0.5, hash: '0x8000000000000000' }));
    expect(open.result.current).toBe(true);
    expect(marker.result.current?.hash).toBe('0x8000000000000000');
    act(() => setYourClusterOpen(true));
    expect(marker.result.current?.hash).toBe('0x8000000000000000');
    act(() => setYourClusterOpen(false));
    expect(open.result.current).toBe(false);
    expect(marker.result.current).toBeNull();
  });
});
