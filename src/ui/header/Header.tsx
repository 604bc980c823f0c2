import { memo } from 'react';
import { budgetExcessOf, LIMITS, SPEEDS, useShardScope, useShardScopeShallow, useShardScopeStore } from '../../state';
import { NumberField, Segmented, PauseIcon, PlayIcon, PresentationIcon, StepBackIcon, StepForwardIcon } from '../primitives';
import { useFormat, useT } from '../i18n';
import { CopyLinkButton } from './CopyLinkButton';
import { LanguageSwitch } from './LanguageSwitch';
import { StoriesMenu } from '../stories';
import { ExercisesMenu } from '../lab';
import { ShareMenu } from '../export';
import { FocusStage } from '../stage';
import { StageTools } from '../presenter';

/**
 * The top bar: product name, playback (play/pause, step back and forward, speed), the seed,
 * the hash-space view switch, the theme and the keyboard help.
 */
export const Header = memo(function Header() {
  const t = useT();
  const f = useFormat();
  const store = useShardScopeStore();
  const a = store.getState();
  const playing = useShardScope((s) => s.playing);
  const { view, theme, speed, presentation } = useShardScopeShallow((s) => ({ view: s.view.view, theme: s.view.theme, speed: s.view.speed, presentation: s.view.presentation }));
  const seed = useShardScope((s) => s.params.seed);
  const time = useShardScope((s) => s.sim.snapshot?.time ?? 0);
  // On the page's own thread, a run over its limits neither plays nor steps forward.
  const refused = useShardScope((s) => budgetExcessOf(s) !== null);
  const refusedProps = refused && !playing ? { disabled: true, 'aria-describedby': 'engine-budget' } : {};

  return (
    <header className="header" data-testid="header">
      <div className="header__brand">
        <h1 className="header__title">
          <svg className="header__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <circle cx="16" cy="16" r="13" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="18 2.4" />
            <circle cx="16" cy="16" r="4" fill="currentColor" />
          </svg>
          {t('app.name')}
        </h1>
        <p className="header__tagline">{t('app.tagline')}</p>
      </div>

      <div className="header__controls" role="toolbar" aria-label={t('header.playback')}>
        <button type="button" className="button header__step" data-testid="step-back" aria-label={t('header.stepBack')} title={t('header.stepBackTitle')} onClick={() => a.step(-1)}>
          <StepBackIcon />
        </button>
        <button
          type="button"
          className="button button--primary header__play"
          data-testid="play-toggle"
          aria-pressed={playing}
          {...refusedProps}
          onClick={() => a.togglePlay()}
        >
          {playing ? <PauseIcon /> : <PlayIcon />} {playing ? t('header.pause') : t('header.play')}
        </button>
        <button type="button" className="button header__step" data-testid="step" aria-label={t('header.step')} title={t('header.stepTitle')} {...refusedProps} onClick={() => a.step(1)}>
          <StepForwardIcon />
        </button>
        <div className="header__speed" role="group" aria-label={t('header.speed')}>
          <button type="button" className="button button--icon" data-testid="slower" aria-label={t('header.slower')} disabled={speed <= SPEEDS[0]!} onClick={() => a.slower()}>
            −
          </button>
          <output className="header__speed-value" data-testid="speed" aria-live="polite" aria-label={t('header.speed')}>
            {t('header.speedValue', { speed })}
          </output>
          <button
            type="button"
            className="button button--icon"
            data-testid="faster"
            aria-label={t('header.faster')}
            disabled={speed >= SPEEDS[SPEEDS.length - 1]!}
            onClick={() => a.faster()}
          >
            +
          </button>
        </div>
        <span className="header__clock" data-testid="clock" title={t('header.clock', { time: f.clock(time) })}>
          <span className="sr-only">{t('header.clock', { time: f.clock(time) })}</span>
          <span aria-hidden="true">{t('header.clockShort', { time: f.clock(time) })}</span>
        </span>
      </div>

      <div className="header__settings">
        <div className="header__seed">
          <NumberField name="seed" inline label={t('header.seed')} value={seed} limits={LIMITS.seed} format={String} onCommit={(v) => a.setScalar('seed', v)} />
        </div>
        <Segmented
          name="view"
          label={t('header.view')}
          hideLabel
          value={view}
          options={[
            { value: 'strip', label: t('header.viewStrip') },
            { value: 'ring', label: t('header.viewRing') },
          ]}
          onChange={(v) => a.setView(v)}
        />
        <Segmented
          name="theme"
          label={t('header.theme')}
          hideLabel
          value={theme}
          options={[
            { value: 'light', label: t('header.themeLight') },
            { value: 'dark', label: t('header.themeDark') },
          ]}
          onChange={(v) => a.setTheme(v)}
        />
        <StoriesMenu />
        <ExercisesMenu />
        <LanguageSwitch />
        <CopyLinkButton />
        <ShareMenu Stage={FocusStage} />
        {/* The stage's text size and the presenter view */}
        {presentation ? <StageTools /> : null}
        {/* The projector layout, also on the p key */}
        <button
          type="button"
          className="button button--icon header__presentation"
          data-testid="presentation-toggle"
          aria-pressed={presentation}
          aria-label={t('presentation.toggle')}
          title={t('presentation.toggleTitle')}
          onClick={() => a.togglePresentation()}
        >
          <PresentationIcon />
        </button>
        <button type="button" className="button button--icon" data-testid="keys-button" aria-label={t('header.keys')} aria-haspopup="dialog" onClick={() => a.toggleHelp()}>
          ?
        </button>
      </div>
    </header>
  );
});
