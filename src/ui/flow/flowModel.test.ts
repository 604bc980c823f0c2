import { describe, expect, it } from 'vitest';
import type { RecentEvent } from '../../state';
import { EVENTS_PER_BATCH, particlesFor, progress, sampleEvents } from './flowModel';

function event(type: RecentEvent['type'], owner: number, replicas = 4, rv = '1'): RecentEvent {
  const outcomes = (mode: 'client' | 'server') =>
    Array.from({ length: replicas }, (_, r) => ({
      replica: r,
      sentAs: type === 'BOOKMARK' || mode === 'client' || r === owner ? type : null,
      kept: type !== 'BOOKMARK' && r === owner,
    }));
  return {
    resourceVersion: rv,
    type,
    object: type === 'BOOKMARK' ? null : { name: 'p', namespace: 'ns', uid: 'u', uidHash: '0x0000000000000000', position: 0 },
    bytes: 1000,
    client: outcomes('client'),
    server: outcomes('server'),
  };
}

describe('event flow model', () => {
  it('client-side: an event reaches every replica; its owner keeps it, the others drop it', () => {
    const ps = particlesFor(event('MODIFIED', 2), 0, () => 0).filter((p) => p.mode === 'client');
    expect(ps).toHaveLength(4);
    expect(ps.filter((p) => p.fate === 'kept').map((p) => p.replica)).toEqual([2]);
    expect(ps.filter((p) => p.fate === 'dropped')).toHaveLength(3);
  });

  it('server-side: the event goes to its owner only and stops at the server for the rest', () => {
    const ps = particlesFor(event('MODIFIED', 1), 0, () => 0).filter((p) => p.mode === 'server');
    expect(ps.filter((p) => p.fate === 'kept').map((p) => p.replica)).toEqual([1]);
    expect(ps.filter((p) => p.fate === 'dropped')).toHaveLength(0);
    expect(ps.filter((p) => p.fate === 'filtered')).toHaveLength(1);
  });

  it('bookmarks go to every replica in both modes', () => {
    const ps = particlesFor(event('BOOKMARK', -1), 0, () => 0);
    expect(ps.filter((p) => p.fate === 'bookmark')).toHaveLength(8);
  });

  it('samples a burst down to a few events but keeps every bookmark', () => {
    const burst = Array.from({ length: 200 }, (_, i) => event('ADDED', i % 4, 4, String(i)));
    burst.push(event('BOOKMARK', -1, 4, '201'));
    const picked = sampleEvents(burst);
    expect(picked).toHaveLength(EVENTS_PER_BATCH);
    expect(picked.filter((e) => e.type === 'BOOKMARK')).toHaveLength(1);
  });

  it('a particle is visible from its start until its trip and fade are over', () => {
    const p = particlesFor(event('ADDED', 0), 1000, () => 0)[0]!;
    expect(progress(p, 999)).toBeNull();
    expect(progress(p, 1000)).toBe(0);
    expect(progress(p, 1000 + p.duration)).toBe(1);
    expect(progress(p, 1000 + p.duration + 1000)).toBeNull();
  });
});
