import { useMemo } from 'react';
import { useShardScope } from '../../state';
import { storyById, type StoryCardField, type StoryChart, type StoryShowItem } from '../../stories';
import { BandwidthPanel, MemoryFigures, HandoffReport } from '../bandwidth';
import { CardColumnsContext, CardFieldsContext, CardReplicasContext, ReplicaCards } from '../cards';
import { LifecycleSummary } from '../controls';
import { PanelBoundary } from '../primitives';
import { EventFlow } from '../flow';
import { HashSpaceView } from '../hash';
import { useFormat, useT } from '../i18n';
import { Timeline } from '../timeline';
import { Summary } from './Summary';

/** The items of the step shown, or null outside a story (or for a step that declares none). */
export function useStepShow(): { readonly show: readonly StoryShowItem[]; readonly cards: readonly number[] | null } | null {
  const place = useShardScope((s) => s.story);
  if (!place) return null;
  const step = storyById(place.id)?.steps[place.step - 1];
  return step && step.show.length > 0 ? { show: step.show, cards: step.cards ?? null } : null;
}

/** A step's items, grouped as the stage lays them out: one row of cards, one row of charts. */
export function focusLayout(show: readonly StoryShowItem[]): {
  readonly hash: boolean;
  readonly charts: readonly StoryChart[];
  readonly cards: readonly StoryCardField[];
  readonly flow: boolean;
  readonly memory: boolean;
  readonly handoff: boolean;
  readonly lifecycle: boolean;
} {
  const charts: StoryChart[] = [];
  const cards: StoryCardField[] = [];
  for (const item of show) {
    if (item.startsWith('chart:')) charts.push(item.slice(6) as StoryChart);
    else if (item.startsWith('card:')) cards.push(item.slice(5) as StoryCardField);
  }
  return { hash: show.includes('hash'), charts, cards, flow: show.includes('flow'), memory: show.includes('memory'), handoff: show.includes('handoff'), lifecycle: show.includes('lifecycle') };
}

/**
 * Presentation mode during a story. The stage shows what the step talks
 * about and nothing else, scaled to the screen: the headline and the audit on top, then the
 * step's items (the hash strip, a row of cards with only the fields it names, up to three
 * charts, the memory table, the event flow, the hand-off report, the lifecycle's counts), and
 * the timeline with its marks at the bottom. Nothing scrolls: the items share the height.
 */
export function FocusStage({ show, cards, stage }: { readonly show: readonly StoryShowItem[]; readonly cards: readonly number[] | null; readonly stage: number }) {
  const t = useT();
  const layout = useMemo(() => focusLayout(show), [show]);
  const fields = useMemo(() => (layout.cards.length > 0 ? new Set(layout.cards) : null), [layout.cards]);
  const side = layout.memory || layout.handoff || layout.lifecycle;
  // Cards as rows, one per replica; two columns of them beyond four, or from three when they
  // share the stage with a drawing or carry three fields.
  const replicas = useShardScope((s) => s.sim.snapshot?.modes.server.replicas.length ?? s.params.replicas);
  const count = cards?.length ?? replicas;
  const columns: 1 | 2 = count > 4 || (count > 2 && (layout.cards.length >= 3 || layout.charts.length > 0 || layout.hash || layout.flow || side)) ? 2 : 1;
  return (
    <section className="stage stage--focus" data-testid="stage" data-show={show.join(' ')} aria-label={t('presentation.toggle')}>
      <PanelBoundary>
        <Summary />
      </PanelBoundary>
      <div className="focus" data-testid="focus-view">
        {layout.hash ? <div className="focus__item focus__item--hash" data-focus-item="hash">{stage >= 2 ? <PanelBoundary><HashSpaceView /></PanelBoundary> : null}</div> : null}
        {layout.charts.length > 0 || side ? (
          <div className="focus__row" data-charts={layout.charts.length}>
            {layout.charts.length > 0 ? (
              <div className="focus__item focus__item--charts" data-focus-item="charts" style={{ ['--focus-charts' as string]: layout.charts.length }}>
                {stage >= 4 ? <PanelBoundary><BandwidthPanel only={layout.charts} /></PanelBoundary> : null}
              </div>
            ) : null}
            {side ? (
              <div className="focus__item focus__item--side" data-focus-item="side">
                <PanelBoundary>
                  <FocusReports memory={layout.memory} handoff={layout.handoff} lifecycle={layout.lifecycle} />
                </PanelBoundary>
              </div>
            ) : null}
          </div>
        ) : null}
        {fields ? (
          <div className="focus__item focus__item--cards" data-focus-item="cards" data-fields={layout.cards.join(' ')}>
            <CardFieldsContext.Provider value={fields}>
              <CardReplicasContext.Provider value={cards}>
                <CardColumnsContext.Provider value={columns}>{stage >= 3 ? <PanelBoundary><ReplicaCards /></PanelBoundary> : null}</CardColumnsContext.Provider>
              </CardReplicasContext.Provider>
            </CardFieldsContext.Provider>
          </div>
        ) : null}
        {layout.flow ? <div className="focus__item focus__item--flow" data-focus-item="flow">{stage >= 5 ? <PanelBoundary><EventFlow /></PanelBoundary> : null}</div> : null}
      </div>
      <PanelBoundary>
        <Timeline />
      </PanelBoundary>
    </section>
  );
}

/** The memory table, the hand-off report and the lifecycle's counts, as a step asks for them. */
function FocusReports({ memory, handoff, lifecycle }: { readonly memory: boolean; readonly handoff: boolean; readonly lifecycle: boolean }) {
  const t = useT();
  const f = useFormat();
  const snapshot = useShardScope((s) => s.sim.snapshot);
  if (!snapshot) return null;
  return (
    <div className="panel focus__reports">
      {memory ? <MemoryFigures snapshot={snapshot} t={t} f={f} /> : null}
      {handoff ? <HandoffReport snapshot={snapshot} /> : null}
      {lifecycle ? (
        <div className="audit focus__lifecycle">
          <h3 className="audit__title">{t('lifecycle.group')}</h3>
          <LifecycleSummary className="focus__lifecycle-text" />
        </div>
      ) : null}
    </div>
  );
}
