/**
 * A speaker's walk in Chinese, as the audience reads it: the page switched to zh-CN with the
 * globe menu, presentation mode, each story's timeline scrubbed at its step 1 and PageDown
 * (on the focused timeline) through every step of all eight stories, every step read at
 * 1920x1080, at 150% zoom and at 1280x720, with the glossary (e2e/storyWalk.ts says what is
 * checked at each step). And the command line under --lang zh-CN.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useBuiltSite } from './browser';
import { walkStories } from './storyWalk';
import { drifts, prose, RULES, TABLE_RULES } from '../src/i18n/glossaryRules';
import { runCli } from '../src/sim/cli';

const DIST = join(import.meta.dirname, '..', 'dist');

describe('a speaker walks every story in Chinese', () => {
  const env = useBuiltSite(DIST);
  it('after the globe menu, p once, then PageDown from the scrubbed timeline through every step of all eight stories: presentation stays on, each step its own state, fitting every size, its caption’s figures on screen, the glossary kept, no page error', async () => {
    const { problems, steps } = await walkStories(env, 'zh-CN');
    console.log(`zh-CN: ${steps} steps walked`);
    assert.deepEqual(problems, []);
  });

  it('the command line under --lang zh-CN: Chinese values in the table, Chinese help and errors', () => {
    const run = runCli(['--pods', '2000', '--seconds', '20', '--reshard', '4:5@5s:equal:one-by-one/2s', '--api-servers', '2', '--gates', 'on,off', '--lang', 'zh-CN']);
    assert.equal(run.code, 0, run.stderr);
    const table = prose(run.stdout.replace(/^apiserver_\S+.*$/gm, ''));
    assert.deepEqual(drifts(table, [...RULES, ...TABLE_RULES]), []);
    assert.match(runCli(['--help', '--lang', 'zh-CN']).stdout, /^用法：/);
    const error = runCli(['--pods', 'many', '--lang', 'zh-CN']);
    assert.equal(error.code, 2);
    assert.match(error.stderr, /^错误：/);
  });
});
