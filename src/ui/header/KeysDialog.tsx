import { useEffect, useRef } from 'react';
import { useShardScope, useShardScopeStore } from '../../state';
import { useT } from '../i18n';

/** The `?` overlay listing the keyboard shortcuts. Focus moves into it and back out. */
export function KeysDialog() {
  const t = useT();
  const store = useShardScopeStore();
  const open = useShardScope((s) => s.helpOpen);
  const storyActive = useShardScope((s) => s.storyActive);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;
  const rows: [string[], string][] = [
    [[t('keys.space'), '.'], t('keys.play')],
    [['→', 'PageDown'], t('keys.step')],
    [['←', 'PageUp'], t('keys.stepBack')],
    [['+', '−'], t('keys.speed')],
    [['?'], t('keys.help')],
    [['←', '→'], t('keys.nudge')],
  ];
  // issue 10: in a story, the clicker keys move between steps.
  if (storyActive) rows.unshift([['PageDown', '→', t('keys.space')], t('keys.storyNext')], [['PageUp', '←'], t('keys.storyPrev')], [['Esc'], t('keys.storyExit')]);
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
        <dl className="keys">
          {rows.map(([keys, what]) => (
            <div key={what} className="keys__row">
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
