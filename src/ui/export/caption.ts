import { linkForSteps, type ShardScopeStore } from '../../state';
import type { Formatters, Translate } from '../i18n';
import type { Caption } from './exportImage';
import type { Steps } from './walkDom';

/**
 * The caption of an export: the run's parameters and seed, then its short link, in steps
 * (64 long selectors take 100 ms to encode in one piece; see `./slices`).
 */
export function* captionSteps(store: ShardScopeStore, t: Translate, f: Formatters, pageUrl: string): Steps<Caption> {
  const { params, view } = store.getState();
  const link = yield* linkForSteps({ params, view });
  return {
    line1: t('export.caption', {
      replicas: params.replicas,
      objects: f.count(params.objects),
      key: params.shardKey,
      gates: params.apiServers.map((s) => (s.gate ? t('flow.gateOn') : t('flow.gateOff'))).join(', '),
      seed: params.seed,
    }),
    line2: link.ok ? pageUrl.split('#')[0] + link.hash : t('export.noLink'),
  };
}
