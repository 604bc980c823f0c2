import { useEffect, useRef } from 'react';
import { selectKeyMode, useShardScope, useShardScopeStore, type KeyMode } from '../../state';
import { useT, type Translate } from '../i18n';

/** One line of the help: the keys (any of them) and what they do. */
export type KeyRow = readonly [keys: readonly string[], what: string];

/**
 * Every binding of a key mode, as the help lists it. The clicker keys differ: in
 * free play PageUp/PageDown scroll the page; in presentation mode they step the simulation;
 * in a story they (with the arrows left/right and Space) move between the story's steps.
 */
export function keyRows(mode: KeyMode, t: Translate): KeyRow[] {
  const common: KeyRow[] = [
    [['+', '−'], t('keys.speed')],
    [['p'], t('keys.presentation')],
    [['?'], t('keys.help')],
    [[t('keys.escape')], t('keys.close2')],
    [['←', '→'], t('keys.nudge')],
  ];
  // On the stage, the presenter view and the spotlight.
  if (mode !== 'free') common.push([['Shift+P'], t('keys.presenter')], [['L'], t('keys.spotlight')]);
  if (mode === 'story') {
    return [
      [['PageDown', '→', t('keys.space')], t('keys.storyNext')],
      [['PageUp', '←'], t('keys.storyPrevious')],
      [[t('keys.escape')], t('keys.storyExit')],
      [['.'], t('keys.play')],
      [['↓'], t('keys.step')],
      [['↑'], t('keys.stepBack')],
      ...common,
    ];
  }
  const stage = mode === 'presentation';
  return [
    [[t('keys.space'), '.'], t('keys.play')],
    [['→', '↓', ...(stage ? ['PageDown'] : [])], t('keys.step')],
    [['←', '↑', ...(stage ? ['PageUp'] : [])], t('keys.stepBack')],
    ...common,
    ...(stage ? [] : [[['PageUp', 'PageDown'], t('keys.pageScrolls')] as KeyRow]),
  ];
}

const MODE_NAMES = { free: 'keys.modeFree', presentation: 'keys.modePresentation', story: 'keys.modeStory' } as const;

/** The `?` overlay listing the keyboard shortcuts. Focus moves into it and back out. */
export function KeysDialog() {
  const t = useT();
  const store = useShardScopeStore();
  const open = useShardScope((s) => s.helpOpen);
  const mode = useShardScope(selectKeyMode);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;
  const rows = keyRows(mode, t);
  return (
    <div className="dialog-backdrop" onClick={() => store.getState().setHelpOpen(false)}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="keys-title"
        data-testid="keys-dialog"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          // Keep Tab inside the dialog: it has one control.
          if (e.key === 'Tab') {
            e.preventDefault();
            closeRef.current?.focus();
          }
        }}
      >
        <h2 id="keys-title">{t('keys.title')}</h2>
        <p className="keys__mode" data-testid="keys-mode" data-mode={mode}>
          {t('keys.modeNow', { mode: t(MODE_NAMES[mode]) })}
        </p>
        <dl className="keys">
          {rows.map(([keys, what]) => (
            <div key={what} className="keys__row" data-testid="keys-row">
              <dt>
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? <span className="keys__or"> {t('keys.or')} </span> : null}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <button ref={closeRef} type="button" className="button button--primary" onClick={() => store.getState().setHelpOpen(false)}>
          {t('keys.close')}
        </button>
      </div>
    </div>
  );
}
