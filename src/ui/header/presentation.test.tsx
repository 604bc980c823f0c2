import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShardScopeProvider, createShardScopeStore, defaultSimParams } from '../../state';
import { createTranslator } from '../i18n';
import { Header } from './Header';
import { KeysDialog, keyRows } from './KeysDialog';
import { StepBackIcon, StepForwardIcon } from '../primitives';

const t = createTranslator('en');

function setup() {
  const store = createShardScopeStore({ params: { ...defaultSimParams(), objects: 300, namespaces: 6 } });
  render(
    <ShardScopeProvider store={store}>
      <Header />
      <KeysDialog />
    </ShardScopeProvider>,
  );
  return store;
}

/** The keys listed for one action. */
const keysFor = (rows: ReturnType<typeof keyRows>, what: string) => rows.find(([, w]) => w === what)?.[0] ?? [];

describe('the presentation toggle', () => {
  it('is a pressed/unpressed button in the header that switches presentation mode', async () => {
    const user = userEvent.setup();
    const store = setup();
    const toggle = screen.getByTestId('presentation-toggle');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleName('Presentation mode');
    await user.click(toggle);
    expect(store.getState().view.presentation).toBe(true);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the keys dialog lists every binding of the current mode', () => {
  it('free play: arrows up and down step too, PageUp/PageDown scroll the page, p switches presentation', () => {
    const rows = keyRows('free', t);
    expect(keysFor(rows, t('keys.step'))).toEqual(['→', '↓']);
    expect(keysFor(rows, t('keys.stepBack'))).toEqual(['←', '↑']);
    expect(keysFor(rows, t('keys.pageScrolls'))).toEqual(['PageUp', 'PageDown']);
    expect(keysFor(rows, t('keys.presentation'))).toEqual(['p']);
    expect(keysFor(rows, t('keys.play'))).toEqual(['Space', '.']);
  });

  it('presentation mode: PageDown and PageUp (a clicker) step', () => {
    const rows = keyRows('presentation', t);
    expect(keysFor(rows, t('keys.step'))).toEqual(['→', '↓', 'PageDown']);
    expect(keysFor(rows, t('keys.stepBack'))).toEqual(['←', '↑', 'PageUp']);
    expect(keysFor(rows, t('keys.pageScrolls'))).toEqual([]);
  });

  it('story: PageDown, → and Space go to the next step; PageUp and ← to the previous; ↑/↓ still step', () => {
    const rows = keyRows('story', t);
    expect(keysFor(rows, t('keys.storyNext'))).toEqual(['PageDown', '→', 'Space']);
    expect(keysFor(rows, t('keys.storyPrevious'))).toEqual(['PageUp', '←']);
    expect(keysFor(rows, t('keys.step'))).toEqual(['↓']);
    expect(keysFor(rows, t('keys.stepBack'))).toEqual(['↑']);
    expect(keysFor(rows, t('keys.play'))).toEqual(['.']);
  });

  it('the open dialog names its mode and follows presentation mode', async () => {
    const user = userEvent.setup();
    const store = setup();
    await user.click(screen.getByTestId('keys-button'));
    const dialog = screen.getByTestId('keys-dialog');
    expect(screen.getByTestId('keys-mode')).toHaveTextContent('Keys now: Free play');
    expect(within(dialog).getAllByText('↓').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('↑').length).toBeGreaterThan(0);
    store.getState().setPresentation(true);
    expect(await screen.findByText('Keys now: Presentation mode')).toBeInTheDocument();
    const stepRow = within(dialog).getAllByTestId('keys-row').find((r) => r.textContent?.endsWith(t('keys.step')))!;
    expect(within(stepRow).getByText('PageDown')).toBeInTheDocument();
  });
});

describe('the step buttons read as "step", not "go to start/end"', () => {
  /** x extent of the triangle (path) and the bar (rect) of an icon. */
  function parts(icon: ReactElement) {
    const { container } = render(icon);
    const rect = container.querySelector('rect')!;
    const d = container.querySelector('path')!.getAttribute('d')!;
    const xs = [...d.matchAll(/[ML](\d+)/g)].map((m) => Number(m[1]));
    const barX = Number(rect.getAttribute('x'));
    return { barLeft: barX, barRight: barX + Number(rect.getAttribute('width')), triLeft: Math.min(...xs), triRight: Math.max(...xs), d };
  }

  it('step forward is a bar then a triangle pointing right (|▶)', () => {
    const p = parts(<StepForwardIcon />);
    expect(p.barRight).toBeLessThanOrEqual(p.triLeft);
    // The apex (the right-most point) is a single vertex: the triangle points right.
    expect(p.d).toMatch(/l11-7z$/);
  });

  it('step back is a triangle pointing left then a bar (◀|)', () => {
    const p = parts(<StepBackIcon />);
    expect(p.triRight).toBeLessThanOrEqual(p.barLeft);
    expect(p.d).toMatch(/L4 12z$/);
  });
});
