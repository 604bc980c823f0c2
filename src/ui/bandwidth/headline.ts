/**
 * The headline figure: how many times less the API servers send with server-side sharding
 * than with client-side sharding, on the same cluster and stream, and every failure that
 * must be read with it. The decision lives in the model (`src/sim/report/verdict.ts`), so the CLI
 * prints the very same sentence; here it is worded through the message catalogue.
 */
import { cjkSpacing, headlineRatio, type SimSnapshot, type Verdict, type VerdictMessageId, type VerdictWords } from '../../state';
import type { Formatters, Translate } from '../i18n';
import type { MessageId } from '../../i18n/en';

/** The ratio and where it came from. */
export interface Headline {
  readonly replicas: number;
  /** client-side egress / server-side egress. */
  readonly ratio: number;
  /** `measured` from the event-by-event rates, or `expected` from the closed form (before time has passed, or while settling). */
  readonly source: 'measured' | 'expected';
  /** True while rates settle after a change: the ratio is the closed form's, labelled as expected. */
  readonly settling: boolean;
}

/**
 * Measured egress rates when both are positive (the run has some history) and the rates are
 * not settling after a change, otherwise the closed form, so the headline is right from the
 * first frame and never presents a transient as a finding.
 */
export function headlineOf(snapshot: SimSnapshot): Headline {
  const { ratio, source, settling } = headlineRatio(snapshot);
  return { replicas: snapshot.modes.server.replicas.length, ratio, source, settling };
}

/** Where each part of the verdict sentence lives in the catalogue. */
export const VERDICT_IDS: Readonly<Record<VerdictMessageId, MessageId>> = {
  headline: 'bandwidth.headline',
  headlineSame: 'bandwidth.headlineSame',
  headlineSettling: 'verdict.headlineSettling',
  headlineSettlingSame: 'verdict.headlineSettlingSame',
  but: 'verdict.but',
  separator: 'verdict.separator',
  more: 'verdict.more',
  clientSide: 'verdict.clientSide',
  gapsShare: 'verdict.gapsShare',
  gapsCount: 'verdict.gapsCount',
  duplicatesShare: 'verdict.duplicatesShare',
  duplicatesCount: 'verdict.duplicatesCount',
  http500: 'verdict.http500',
  down: 'verdict.down',
  trust: 'verdict.trust',
  fallback: 'verdict.fallback',
  skewTrust: 'verdict.skewTrust',
  skewTrustPast: 'verdict.skewTrustPast',
  hot: 'verdict.hot',
  replicaName: 'hash.replicaName',
  replicaCount: 'verdict.replicaCount',
  headlineHandoff: 'verdict.headlineHandoff',
  headlineHandoffSettling: 'verdict.headlineHandoffSettling',
};

const listFormats = new Map<string, Intl.ListFormat>();

/** The verdict's words in the UI's locale: catalogue messages and locale number formats. */
export function verdictWords(t: Translate, f: Formatters, locale = 'en'): VerdictWords {
  let list = listFormats.get(locale);
  if (!list) listFormats.set(locale, (list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })));
  const lf = list;
  return {
    message: locale.startsWith('zh') ? (id, params) => cjkSpacing(t(VERDICT_IDS[id], params)) : (id, params) => t(VERDICT_IDS[id], params),
    ratio: (n) => f.ratio(n),
    percent: (n) => f.percent(n),
    count: (n) => f.count(n),
    list: (items) => lf.format(items),
  };
}

export type { Verdict };
