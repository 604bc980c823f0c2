/**
 * Issue 21, section 2: the header's stage tools in presentation mode: the stage's text size
 * (100 %, 125 %, 150 %, one click each in turn) and the presenter view (also `Shift+P`).
 */
import { useEffect } from 'react';
import { useT } from '../i18n';
import { nextScale, setFontScale, useFontScale } from './fontScale';
import { OPEN_EVENT } from './PresenterStage';
import './stage-tools.css';

/** Mirrors the stage's text size onto the document, where the stylesheet reads it. */
export function useStageFontScale(): void {
  const scale = useFontScale();
  useEffect(() => {
    document.documentElement.dataset.stageScale = String(scale);
  }, [scale]);
}

export function StageTools() {
  const t = useT();
  const scale = useFontScale();
  return (
    <>
      <button
        type="button"
        className="button button--small header__font-scale"
        data-testid="font-scale"
        data-scale={scale}
        aria-label={t('presenter.fontScale', { scale })}
        title={t('presenter.fontScaleTitle')}
        onClick={() => setFontScale(nextScale(scale))}
      >
        {t('presenter.fontScaleShort', { scale })}
      </button>
      <button
        type="button"
        className="button button--small"
        data-testid="presenter-open"
        title={t('presenter.openTitle')}
        onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))}
      >
        {t('presenter.open')}
      </button>
    </>
  );
}
