import { linkFor, type ShardScopeStore } from '../../state';
import type { Formatters, Translate } from '../i18n';
import type { Caption } from './exportImage';

/** The caption of an export: the run's parameters and seed, then its short link. */
export function captionFor(store: ShardScopeStore, t: Translate, f: Formatters, pageUrl: string): Caption {
  const { params, view } = store.getState();
  const link = linkFor({ params, view });
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
