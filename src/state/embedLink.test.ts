import { describe, expect, it } from 'vitest';
import { embedFragment, embedOf, parseEmbedPanel } from './embedLink';
import { readLink } from './link';

describe('embed links', () => {
  it('reads the four panels, card:N from 0 to 63, and interactive=1', () => {
    expect(embedOf('#embed=hash&s=2.q64FAA')).toEqual({ panel: { kind: 'hash' }, name: 'hash', interactive: false });
    expect(embedOf('#embed=card:3&interactive=1')).toEqual({ panel: { kind: 'card', replica: 3 }, name: 'card:3', interactive: true });
    expect(parseEmbedPanel('bandwidth')).toEqual({ kind: 'bandwidth' });
    expect(parseEmbedPanel('flow')).toEqual({ kind: 'flow' });
    for (const bad of ['card:64', 'card:-1', 'card:', 'Hash', 'cards:1', '']) expect(parseEmbedPanel(bad), bad).toBeNull();
    expect(embedOf('#s=2.q64FAA')).toBeNull();
    expect(embedOf('#embed=nope')).toEqual({ panel: null, name: 'nope', interactive: false });
  });

  it('writes a fragment whose run the state reader still reads', () => {
    const hash = embedFragment({ kind: 'card', replica: 2 }, '#s=2.q64FAA&lang=zh-CN', true);
    expect(hash).toBe('#embed=card:2&s=2.q64FAA&lang=zh-CN&interactive=1');
    expect(embedOf(hash)?.panel).toEqual({ kind: 'card', replica: 2 });
    expect(readLink(hash).issues).toEqual([]);
    expect(readLink(hash).state).toEqual(readLink('#s=2.q64FAA').state);
  });
});
