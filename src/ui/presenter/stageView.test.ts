import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n';
import { en } from '../../i18n/en';
import { zhCN } from '../../i18n/zh-CN';
import { isPresenterKey, stageViewOf } from './PresenterStage';
import { readScale } from './fontScale';

describe('what the stage sends the presenter view', () => {
  it('names the story, the step of n, its notes and question, and the next step, in the page’s language', () => {
    const v = stageViewOf({ id: 'saving', step: 2 }, 'en', 'dark', createTranslator('en'));
    expect(v.story).toEqual({
      id: 'saving',
      title: en['story.saving.title'],
      step: 2,
      steps: 4,
      current: { title: en['story.saving.2.title'], narration: en['story.saving.2.text'] },
      notes: en['story.saving.2.notes'],
      question: en['story.saving.2.q'],
      next: { title: en['story.saving.3.title'], narration: en['story.saving.3.text'] },
    });
    const zh = stageViewOf({ id: 'saving', step: 4 }, 'zh-CN', 'light', createTranslator('zh-CN'));
    expect(zh.story?.notes).toBe(zhCN['story.saving.4.notes']);
    expect(zh.story?.next).toBeNull();
    expect(zh.story?.question).toBeNull();
  });

  it('sends no story in free play, or for a story it does not know', () => {
    expect(stageViewOf(null, 'en', 'dark', createTranslator('en')).story).toBeNull();
    expect(stageViewOf({ id: 'nope', step: 1 }, 'en', 'dark', createTranslator('en')).story).toBeNull();
  });
});

describe('Shift+P', () => {
  const key = (key: string, shiftKey: boolean, target: EventTarget | null = null) => ({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false, target });

  it('opens the presenter view, but not as a typed P, nor with a modifier', () => {
    expect(isPresenterKey(key('P', true))).toBe(true);
    expect(isPresenterKey(key('p', false))).toBe(false);
    expect(isPresenterKey({ ...key('P', true), ctrlKey: true })).toBe(false);
    const input = document.createElement('input');
    expect(isPresenterKey(key('P', true, input))).toBe(false);
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(isPresenterKey(key('P', true, radio))).toBe(true);
  });
});

describe('the stage text size', () => {
  it('reads only 100, 125 or 150 from storage; anything else is 100', () => {
    expect([readScale('125'), readScale('150'), readScale('100')]).toEqual([125, 150, 100]);
    expect([readScale(null), readScale('200'), readScale('abc'), readScale('')]).toEqual([100, 100, 100, 100]);
  });
});
