/**
 * The header's stage tools in presentation mode, one icon button (the
 * header keeps one row at 1280x720) opening a small panel: the stage's text size (100 %,
 * 125 %, 150 %) and the presenter view (also `Shift+P`). Esc or a click elsewhere closes it.
 */
import { Segmented, useHeaderMenu } from '../primitives';
import { useT } from '../i18n';
import { FONT_SCALES, setFontScale, useFontScale, type FontScale } from './fontScale';
import { OPEN_EVENT } from './sync';
import './stage-tools.css';

export function StageTools() {
  const t = useT();
  const scale = useFontScale();
  const { open, setOpen, button, box, panelId, onKeyDown } = useHeaderMenu();

  return (
    <div
      className="stories-menu stage-tools"
      ref={box}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className="button button--icon"
        data-testid="stage-tools"
        data-scale={scale}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('presenter.tools')}
        title={t('presenter.toolsTitle')}
        onClick={() => setOpen((o) => !o)}
      >
        {/* A large and a small A: the stage's text size, and the speaker's own screen. */}
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M2 19 8 4l6 15M4.4 13h7.2M14 19l4-10 4 10M15.4 15.5h5.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div className="stories-menu__list stage-tools__panel" id={panelId} role="group" aria-label={t('presenter.tools')}>
          <Segmented<`${FontScale}`>
            name="font-scale"
            label={t('presenter.fontScaleLabel')}
            value={`${scale}`}
            options={FONT_SCALES.map((s) => ({ value: `${s}` as const, label: `${s}%` }))}
            onChange={(v) => setFontScale(Number(v) as FontScale)}
          />
          <button
            type="button"
            className="button"
            data-testid="presenter-open"
            title={t('presenter.openTitle')}
            onClick={() => {
              setOpen(false);
              window.dispatchEvent(new Event(OPEN_EVENT));
            }}
          >
            {t('presenter.open')} <kbd>Shift+P</kbd>
          </button>
        </div>
      ) : null}
    </div>
  );
}
