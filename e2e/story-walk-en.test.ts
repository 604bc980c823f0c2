/**
 * A speaker's walk in English: presentation mode, PageDown through every step of all eight
 * stories, every step read at 1920x1080, at 150% zoom and at 1280x720 (e2e/storyWalk.ts says
 * what is checked at each step).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite } from './browser';
import { walkStories } from './storyWalk';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('a speaker walks every story in English', () => {
  const env = useBuiltSite(DIST);
  it('p once, then PageDown through every step of all eight stories: presentation stays on, each step its own state, fitting every size, its caption’s figures on screen, no page error', async () => {
    const { problems, steps } = await walkStories(env, 'en');
    console.log(`en: ${steps} steps walked`);
    assert.deepEqual(problems, []);
  });
});
