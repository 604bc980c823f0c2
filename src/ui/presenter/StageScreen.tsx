/**
 * The audience's screen in presentation mode: the black screen a clicker's blank key asks for,
 * and the app's chrome (the header, the caption's buttons) hidden as a video player hides its
 * controls: a mouse move or Esc shows it, and it hides again after a few seconds without one.
 */
import { useEffect } from 'react';
import { selectPresentation, useShardScope, useShardScopeStore } from '../../state';
import { useT } from '../i18n';

/** How long the chrome stays after the last mouse move (or Esc). */
export const CHROME_HIDE_MS = 3000;

/**
 * Follows the mouse while presenting: a move shows the chrome, and {@link CHROME_HIDE_MS}
 * without one hides it again. Leaving presentation mode shows it for good (and brings a blank
 * screen back).
 */
export function useStageChrome(): void {
  const store = useShardScopeStore();
  const presenting = useShardScope(selectPresentation);
  const shown = useShardScope((s) => s.chromeShown);
  useEffect(() => {
    if (!presenting) {
      const s = store.getState();
      if (s.blanked) s.setBlanked(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hideLater = () => {
      clearTimeout(timer);
      timer = setTimeout(() => store.getState().setChromeShown(false), CHROME_HIDE_MS);
    };
    // Shown by Esc (or still shown from a move): it hides after the same pause.
    if (shown) hideLater();
    const onMove = () => {
      if (!store.getState().chromeShown) store.getState().setChromeShown(true);
      hideLater();
    };
    window.addEventListener('mousemove', onMove, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('mousemove', onMove);
    };
  }, [store, presenting, shown]);
}

/** The black screen, over everything, while the screen is blanked in presentation mode. */
export function BlankScreen() {
  const t = useT();
  const store = useShardScopeStore();
  const blank = useShardScope((s) => s.blanked && selectPresentation(s));
  if (!blank) return null;
  // A click brings the screen back too, for a speaker at the mouse.
  return (
    <div className="blank-screen" data-testid="blank-screen" role="status" onClick={() => store.getState().setBlanked(false)}>
      <span className="sr-only">{t('presentation.blanked')}</span>
    </div>
  );
}
