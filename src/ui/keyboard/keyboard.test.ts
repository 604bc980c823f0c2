import { describe, expect, it } from 'vitest';
import { blankKeyFor, shortcutFor, storyKeyFor, type KeyLike } from './keyboard';

function key(k: string, target: EventTarget | null = document.body, mods: Partial<KeyLike> = {}): KeyLike {
  return { key: k, ctrlKey: false, metaKey: false, altKey: false, target, ...mods };
}

function el(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild!;
}

describe('shortcutFor', () => {
  it('Space and . (a presentation clicker) toggle play', () => {
    expect(shortcutFor(key(' '))).toBe('toggle-play');
    expect(shortcutFor(key('.'))).toBe('toggle-play');
  });

  it('arrows step, up and down included, in free play and presentation mode', () => {
    for (const mode of ['free', 'presentation'] as const) {
      expect(shortcutFor(key('ArrowRight'), mode)).toBe('step-forward');
      expect(shortcutFor(key('ArrowDown'), mode)).toBe('step-forward');
      expect(shortcutFor(key('ArrowLeft'), mode)).toBe('step-back');
      expect(shortcutFor(key('ArrowUp'), mode)).toBe('step-back');
    }
  });

  it('in a story, right and left move between steps while down and up still step the simulation', () => {
    expect(shortcutFor(key('ArrowRight'), 'story')).toBe('story-next');
    expect(shortcutFor(key('ArrowLeft'), 'story')).toBe('story-prev');
    expect(shortcutFor(key('ArrowDown'), 'story')).toBe('step-forward');
    expect(shortcutFor(key('ArrowUp'), 'story')).toBe('step-back');
  });

  it('in free play PageUp and PageDown are left to the page, so it scrolls', () => {
    expect(shortcutFor(key('PageDown'))).toBeNull();
    expect(shortcutFor(key('PageUp'))).toBeNull();
    expect(shortcutFor(key('PageDown'), 'free')).toBeNull();
    expect(shortcutFor(key('PageUp'), 'free')).toBeNull();
  });

  it('in presentation mode PageDown and PageUp (a clicker) step forward and back', () => {
    expect(shortcutFor(key('PageDown'), 'presentation')).toBe('step-forward');
    expect(shortcutFor(key('PageUp'), 'presentation')).toBe('step-back');
  });

  it('p switches presentation mode, but not while typing or with Ctrl (print)', () => {
    expect(shortcutFor(key('p'))).toBe('toggle-presentation');
    expect(shortcutFor(key('p'), 'presentation')).toBe('toggle-presentation');
    expect(shortcutFor(key('p', el('<input type="text">')))).toBeNull();
    expect(shortcutFor(key('p', document.body, { ctrlKey: true }))).toBeNull();
  });

  it('+ and - change speed, ? shows the keys, Escape closes', () => {
    expect(shortcutFor(key('+'))).toBe('faster');
    expect(shortcutFor(key('='))).toBe('faster');
    expect(shortcutFor(key('-'))).toBe('slower');
    expect(shortcutFor(key('?'))).toBe('help');
    expect(shortcutFor(key('Escape'))).toBe('close');
  });

  it('leaves keys alone while typing in a text box or textarea', () => {
    expect(shortcutFor(key('.', el('<input type="text">')))).toBeNull();
    expect(shortcutFor(key(' ', el('<textarea></textarea>')))).toBeNull();
  });

  it('leaves arrows to sliders (boundary handles) but not Space', () => {
    const slider = el('<div role="slider" tabindex="0"></div>');
    expect(shortcutFor(key('ArrowLeft', slider))).toBeNull();
    expect(shortcutFor(key('PageUp', slider))).toBeNull();
    expect(shortcutFor(key(' ', slider))).toBe('toggle-play');
  });

  it('leaves Space to a focused button, but . still toggles play', () => {
    const button = el('<button>Copy</button>');
    expect(shortcutFor(key(' ', button))).toBeNull();
    expect(shortcutFor(key('.', button))).toBe('toggle-play');
  });

  it('on a radio button, arrows and Space are the radio group\'s; ? still works', () => {
    const radio = el('<input type="radio" name="x">');
    expect(shortcutFor(key('ArrowRight', radio))).toBeNull();
    expect(shortcutFor(key(' ', radio))).toBeNull();
    expect(shortcutFor(key('?', radio))).toBe('help');
  });

  it('ignores keys with Ctrl, Cmd or Alt (browser shortcuts)', () => {
    expect(shortcutFor(key('+', document.body, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('.', document.body, { metaKey: true }))).toBeNull();
  });
});

// The story keys are tested here with the other keys, not beside the story controller: a
// test in src/stories may not import the UI, a layer above it.
describe('story keys', () => {
  it('PageDown, ArrowRight and Space go to the next step; PageUp and ArrowLeft to the previous one', () => {
    for (const k of ['PageDown', 'ArrowRight', ' ']) expect(shortcutFor(key(k, null), 'story')).toBe('story-next');
    for (const k of ['PageUp', 'ArrowLeft']) expect(shortcutFor(key(k, null), 'story')).toBe('story-prev');
  });

  it('leave the free-play and presentation bindings as they were without a story', () => {
    expect(shortcutFor(key('PageDown', null))).toBeNull();
    expect(shortcutFor(key('PageDown', null), 'presentation')).toBe('step-forward');
    expect(shortcutFor(key(' ', null))).toBe('toggle-play');
    expect(shortcutFor(key('ArrowLeft', null), 'free')).toBe('step-back');
  });
});

describe('story keys from any focus', () => {
  it('the timeline, a boundary handle, a chart or a card: PageDown, PageUp, Space and the side arrows step the story', () => {
    const targets = [
      el('<div role="slider" tabindex="0" data-testid="timeline-track"></div>'),
      el('<div role="slider" tabindex="0" data-testid="boundary-handle"></div>'),
      el('<canvas tabindex="0" data-testid="chart"></canvas>'),
      el('<section tabindex="0" data-testid="replica-card"><button>Fix</button></section>'),
      el('<input type="radio" name="r">'),
    ];
    for (const target of targets) {
      for (const k of ['PageDown', 'ArrowRight', ' ']) expect(shortcutFor(key(k, target), 'story'), `${k} on ${target.outerHTML}`).toBe('story-next');
      for (const k of ['PageUp', 'ArrowLeft']) expect(shortcutFor(key(k, target), 'story'), `${k} on ${target.outerHTML}`).toBe('story-prev');
    }
  });

  it('in a selector box only PageDown and PageUp step: Space and the arrows type', () => {
    for (const html of ['<input type="text" data-testid="selector-input">', '<textarea></textarea>', '<input type="number">', '<select><option>a</option></select>']) {
      const target = el(html);
      expect(shortcutFor(key('PageDown', target), 'story')).toBe('story-next');
      expect(shortcutFor(key('PageUp', target), 'story')).toBe('story-prev');
      for (const k of [' ', 'ArrowRight', 'ArrowLeft']) expect(shortcutFor(key(k, target), 'story'), `${k} in ${html}`).toBeNull();
    }
  });

  it('a focused button keeps Space, which presses it; PageDown and the arrows still step', () => {
    const button = el('<button type="button" data-testid="explain-range">?</button>');
    expect(shortcutFor(key(' ', button), 'story')).toBeNull();
    expect(shortcutFor(key('PageDown', button), 'story')).toBe('story-next');
    expect(shortcutFor(key('ArrowLeft', button), 'story')).toBe('story-prev');
  });

  it('a modal dialog keeps its keys, and Ctrl or Alt keeps the browser’s', () => {
    const dialog = el('<div role="dialog" aria-modal="true"><button>Close</button></div>');
    expect(storyKeyFor(key('PageDown', dialog.querySelector('button')))).toBeNull();
    expect(storyKeyFor(key(' ', dialog.querySelector('button')))).toBeNull();
    expect(storyKeyFor(key('PageDown', document.body, { altKey: true }))).toBeNull();
    expect(storyKeyFor(key('ArrowLeft', document.body, { ctrlKey: true }))).toBeNull();
    expect(storyKeyFor(key('ArrowDown', document.body))).toBeNull();
  });

  it('without a story the focused element keeps its keys, as before', () => {
    const slider = el('<div role="slider" tabindex="0"></div>');
    expect(shortcutFor(key('PageDown', slider), 'presentation')).toBeNull();
    expect(shortcutFor(key('ArrowRight', slider), 'free')).toBeNull();
    expect(shortcutFor(key(' ', el('<button>x</button>')), 'free')).toBeNull();
  });
});

describe('the stage’s keys in presentation mode', () => {
  it('Space steps and . blanks, in presentation mode only; b blanks there and is nothing elsewhere', () => {
    expect(shortcutFor(key(' '), 'presentation')).toBe('step-forward');
    expect(shortcutFor(key('.'), 'presentation')).toBe('blank');
    expect(shortcutFor(key('b'), 'presentation')).toBe('blank');
    expect(shortcutFor(key(' '), 'free')).toBe('toggle-play');
    expect(shortcutFor(key('.'), 'free')).toBe('toggle-play');
    expect(shortcutFor(key('b'), 'free')).toBeNull();
    // In a story on the stage, . blanks too; the step keys step the story.
    expect(shortcutFor(key('.'), 'story', true)).toBe('blank');
    expect(shortcutFor(key('.'), 'story', false)).toBe('toggle-play');
    expect(shortcutFor(key('PageDown'), 'story', true)).toBe('story-next');
  });

  it('b and . blank the screen while presenting, not from a text box or a dialog, not with a modifier', () => {
    const screen = { presenting: true, blanked: false };
    expect(blankKeyFor(key('b'), screen)).toBe('blank');
    expect(blankKeyFor(key('.'), screen)).toBe('blank');
    expect(blankKeyFor(key('B'), screen)).toBe('blank');
    expect(blankKeyFor(key('b'), { presenting: false, blanked: false })).toBeNull();
    expect(blankKeyFor(key('b', el('<input type="text">')), screen)).toBeNull();
    expect(blankKeyFor(key('.', el('<div aria-modal="true"><button>x</button></div>').querySelector('button')), screen)).toBeNull();
    expect(blankKeyFor(key('b', document.body, { ctrlKey: true }), screen)).toBeNull();
    expect(blankKeyFor(key('PageDown'), screen)).toBeNull();
  });

  it('a blanked screen comes back on a second press, Esc or any step key, and other keys leave it black', () => {
    const screen = { presenting: true, blanked: true };
    for (const k of ['b', '.', 'Escape', 'PageDown', 'PageUp', ' ', 'ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp']) expect(blankKeyFor(key(k), screen), k).toBe('unblank');
    expect(blankKeyFor(key('x'), screen)).toBeNull();
    expect(blankKeyFor(key('p'), screen)).toBeNull();
  });

  it('on the stage Space on a focused button steps the story; on the normal page the button keeps it', () => {
    const button = el('<button type="button">Start</button>');
    expect(storyKeyFor(key(' ', button), true)).toBe('story-next');
    expect(storyKeyFor(key(' ', button), false)).toBeNull();
    // A text box keeps Space either way.
    expect(storyKeyFor(key(' ', el('<input type="text">')), true)).toBeNull();
  });
});
