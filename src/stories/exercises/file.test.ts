import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { EXERCISES } from './index';
import { readLabFile } from './file';
import { validateExercises } from './validate';

const good = {
  id: 'scale-three',
  title: { en: 'Scale to three', 'zh-CN': '扩容到三个副本' },
  task: 'Scale to three replicas.',
  start: { params: { replicas: 2 } },
  check: [{ kind: 'replicas', count: 3 }, { kind: 'coverage' }],
  hints: ['The Replicas field.'],
  solution: { params: { replicas: 3 } },
};

const problems = (text: string) => {
  const r = readLabFile(text);
  if (r.ok) return [];
  return r.refusal.kind === 'syntax' ? [`${r.refusal.line}:${r.refusal.column} ${r.refusal.message}`] : r.refusal.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('exercise and story files', () => {
  it('the built-in exercises pass the rules a file is held to', () => {
    expect(validateExercises(EXERCISES, en)).toEqual([]);
  });

  it('reads a valid exercise file, texts in both languages', () => {
    const r = readLabFile(JSON.stringify(good, null, 2));
    expect(r.ok).toBe(true);
    if (r.ok && r.file.kind === 'exercise') {
      expect(r.file.exercise.title).toEqual({ en: 'Scale to three', 'zh-CN': '扩容到三个副本' });
      expect(r.file.exercise.task).toEqual({ en: 'Scale to three replicas.' });
      expect(r.file.exercise.check).toEqual(good.check);
    } else expect.fail('not an exercise');
  });

  it('reports a syntax error at its line and column', () => {
    expect(problems('{\n  "id": "x",\n  "check": [ { "kind": "replicas" "count": 3 } ]\n}')).toEqual([`3:35 expected ',' or '}'`]);
    expect(problems('')[0]).toMatch(/^1:1 /);
    expect(problems('{"id": "x",')[0]).toMatch(/^1:12 .*end of the file/);
  });

  it('reports every other problem at its path in the JSON', () => {
    const bad = { ...good, id: 'Bad Id', check: [{ kind: 'replicas', count: 'three' }, { kind: 'nope' }, { kind: 'hash-share', replica: 0, min: 0.5, max: 0.2 }], hints: ['a', 'b', 'c', 'd'], extra: 1 };
    const p = problems(JSON.stringify(bad));
    expect(p).toContain('extra: unknown field');
    expect(p).toContain('check[0].count: expected a replica count from 1 to 64, got "three"');
    expect(p.some((x) => x.startsWith('check[1].kind: unknown condition kind "nope"'))).toBe(true);
    expect(p).toContain('check[2].min: min is above max');
  });

  it('holds a file to the same rules as the built-in exercises (after it reads)', () => {
    expect(problems(JSON.stringify({ ...good, hints: ['a', 'b', 'c', 'd'] }))).toEqual(['hints: at most 3 hints, got 4']);
    expect(problems(JSON.stringify({ ...good, id: 'cover-three' }))).toEqual(['id: "cover-three" is a built-in exercise; choose another id']);
    expect(problems(JSON.stringify({ ...good, check: [{ kind: 'accepted', replica: 5 }] }))).toEqual(['check[0].replica: replica-5 does not exist (the states have 3 replicas)']);
    expect(problems(JSON.stringify({ ...good, check: [{ kind: 'answer-owner', uid: 'abc' }] }))).toEqual(['solution.answer: a check with an answer field needs the answer']);
    expect(problems(JSON.stringify({ ...good, start: { params: { replicas: 500 } } }))).toContain('start.params.replicas: not a valid value (invalid)');
    expect(problems(JSON.stringify({ ...good, start: { params: { replicaz: 2 } } }))[0]).toMatch(/^start\.params\.replicaz: unknown parameter/);
    expect(problems(JSON.stringify({ ...good, start: { events: [{ kind: 'reshard', at: -1, to: 5, strategy: 'equal-ranges', rollout: { kind: 'all-at-once' } }] } }))).toEqual(['start.events[0].at: not a valid value (invalid)', 'solution.events[0].at: not a valid value (invalid)']);
  });

  it('reads a story file, gives its texts ids of their own and checks its steps by the story rules', () => {
    const story = { id: 'my-talk', title: 'My talk', base: { params: { replicas: 3 } }, steps: [{ title: 'One', narration: { en: 'First.', 'zh-CN': '第一步。' }, focus: 'hash-space', playing: false }] };
    const r = readLabFile(JSON.stringify(story));
    expect(r.ok).toBe(true);
    if (r.ok && r.file.kind === 'story') {
      expect(r.file.story.steps[0]!.narration).toBe('file.my-talk.steps[0].narration');
      expect(r.file.texts['file.my-talk.steps[0].narration']).toEqual({ en: 'First.', 'zh-CN': '第一步。' });
    } else expect.fail('not a story');
    expect(problems(JSON.stringify({ ...story, steps: [{ ...story.steps[0], focus: 'nowhere' }] }))[0]).toMatch(/^steps\[0\]\.focus: expected one of/);
    expect(problems(JSON.stringify({ ...story, steps: [{ ...story.steps[0], question: 'Why?' }] }))).toEqual(['steps[0]: a question needs an answer and an answer a question', `steps[0]: the last step's question has no next step to show its answer on`]);
    expect(problems(JSON.stringify({ ...story, id: 'problem' }))).toEqual(['id: "problem" is a built-in story; choose another id']);
  });

  it('reads a story step’s optional speaker notes, checked as text like the narration', () => {
    const step = { title: 'One', narration: 'First.', focus: 'hash-space', playing: false };
    const story = { id: 'my-talk', title: 'My talk', base: {}, steps: [{ ...step, notes: { en: 'Point at: the strip.', 'zh-CN': '指向：哈希条。' } }, step] };
    const r = readLabFile(JSON.stringify(story));
    if (!(r.ok && r.file.kind === 'story')) return expect.fail('not a story');
    expect(r.file.story.steps[0]!.notes).toBe('file.my-talk.steps[0].notes');
    expect(r.file.texts['file.my-talk.steps[0].notes']).toEqual({ en: 'Point at: the strip.', 'zh-CN': '指向：哈希条。' });
    expect(r.file.story.steps[1]!.notes).toBeUndefined();
    expect(problems(JSON.stringify({ ...story, steps: [{ ...step, notes: 42 }] }))[0]).toMatch(/^steps\[0\]\.notes: /);
  });

  it('gives a story file’s step what its stage shows: its panel’s items, or its own list, checked like the built-in ones', () => {
    const step = { title: 'One', narration: 'First.', focus: 'replica-cards', playing: false };
    const story = { id: 'my-talk', title: 'My talk', base: {}, steps: [step] };
    const read = (steps: object[]) => {
      const r = readLabFile(JSON.stringify({ ...story, steps }));
      return r.ok && r.file.kind === 'story' ? r.file.story.steps[0] : undefined;
    };
    expect(read([step])?.show).toEqual(['card:owned', 'card:events', 'card:bytes']);
    expect(read([{ ...step, show: ['hash', 'card:url'], cards: [0, 3] }])).toMatchObject({ show: ['hash', 'card:url'], cards: [0, 3] });
    expect(problems(JSON.stringify({ ...story, steps: [{ ...step, show: ['hash', 'slides'] }] }))[0]).toMatch(/^steps\[0\]\.show: expected an array of hash, audit/);
    expect(problems(JSON.stringify({ ...story, steps: [{ ...step, cards: [-1] }] }))).toEqual(['steps[0].cards: expected an array of replica numbers (0-based)']);
    expect(problems(JSON.stringify({ ...story, steps: [{ ...step, show: ['chart:received', 'chart:egress', 'chart:cpu', 'chart:memory'] }] }))).toEqual(['steps[0]: shows 4 charts (at most 3)']);
    expect(problems(JSON.stringify({ ...story, steps: [{ ...step, show: ['hash'], highlight: ['owned-count'] }] }))).toEqual(['steps[0]: highlights owned-count, which its stage does not show (card:owned)']);
  });

  it('refuses what is not an object, and never throws on odd values', () => {
    expect(problems('[]')).toEqual(['(the file): expected a JSON object, got []']);
    expect(problems('{"kind": "slides"}')).toEqual(['kind: expected "story" or "exercise", got "slides"']);
    for (const odd of ['null', '3', '"x"', '{"steps": 3}', '{"check": {}}', '{"start": [], "check": [null], "solution": 1}', '{"title": {"en": 3}}']) {
      expect(() => readLabFile(odd)).not.toThrow();
      expect(readLabFile(odd).ok).toBe(false);
    }
  });
});

describe('docs/authoring.md', () => {
  it('its example exercise and story open as they are written', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/authoring.md'), 'utf8');
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('"kind"'));
    expect(blocks.length).toBe(2);
    for (const b of blocks) expect(problems(b)).toEqual([]);
  });
});
