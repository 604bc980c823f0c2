/**
 * What a run reports on the command line: each mode's figures (the same for the table and
 * for `--json`), the table itself in English or Chinese, and the reshards' hand-offs.
 */
import { MAX_LIVE_OBJECTS } from '../cluster';
import type { ModeSnapshot, SimSnapshot } from '../report';
import { verdictOf, verdictSentence } from '../report';
import { verdictWordsFor } from '../report';
import { cliText, displayWidth, padColumns, type CliText } from './text';
import { proseCount, tightenCjkUnits, type LocaleId } from '../../i18n/locale';
import type { HandoffSummary } from '../time';

/** Figures of one mode over the run, the same for table and JSON. */
export interface ModeReport {
  readonly replicas: readonly {
    readonly index: number;
    readonly status: string;
    readonly filtering: string;
    readonly watchBytesPerSec: number;
    readonly watchEventsPerSec: number;
    readonly discardedShare: number;
    readonly decodeCpuMillicores: number;
    readonly listBytes: number;
    readonly cacheBytes: number;
    readonly cacheObjects: number;
    /** Informer cache under each client style (`cacheBytes` is the configured one's). */
    readonly cacheBytesByStyle: { readonly owned: number; readonly all: number };
    /** Transient decode allocation of the watch stream, bytes per second. */
    readonly decodeAllocBytesPerSec: number;
    /** Peak while decoding a full LIST of what it receives now, under the configured style. */
    readonly listPeakBytes: number;
    readonly error: string | null;
  }[];
  readonly totalWatchBytesPerSec: number;
  readonly totalDecodeCpuMillicores: number;
  readonly totalCacheBytes: number;
  readonly totalCacheBytesByStyle: { readonly owned: number; readonly all: number };
  readonly totalDecodeAllocBytesPerSec: number;
  readonly apiServerEgressBytesPerSec: number;
  readonly apiServerHashesPerSec: number;
  readonly watchShardsTotal: number;
  readonly watchFilteredEventsTotal: number;
  readonly gaps: number;
  readonly duplicates: number;
  readonly closedFormBytesPerSecPerReplica: readonly number[];
  readonly closedFormEgressBytesPerSec: number;
  readonly closedFormHashesPerSec: number;
  /**
   * API-server CPU of the watch streams over the run (shard checks, serialisation once per
   * event, each watcher's write, HTTP/2 and TLS; the syncs left out, as for egress),
   * millicores, and the closed form's steady state: what sharding costs the API server, next
   * to what it saves in egress and in the replicas' decode.
   */
  readonly apiServerCpuMillicores: number;
  readonly closedFormApiServerCpuMillicores: number;
  /** Relists and resumes by cause, watch deadlines, 410s, bookmarks, duplicates kept/caught, and the client the replicas run. */
  readonly lifecycle: ModeSnapshot['lifecycle'] & { readonly client: string };
}

export function modeReport(snap: SimSnapshot, m: ModeSnapshot, seconds: number, nsPerByte: number): ModeReport {
  const cf = snap.closedForm[m.mode];
  const style = snap.params.replicas.clientCache;
  const allocPerByte = snap.params.costs.decodeAllocBytesPerByte;
  const replicas = m.replicas.map((r) => {
    const watchBytes = r.counters.bytesReceived - r.counters.listBytes;
    return {
      index: r.index,
      status: r.status,
      filtering: r.filtering,
      watchBytesPerSec: watchBytes / seconds,
      watchEventsPerSec: r.counters.eventsReceived / seconds,
      discardedShare: r.counters.bytesReceived > 0 ? r.counters.bytesDiscarded / r.counters.bytesReceived : 0,
      decodeCpuMillicores: (watchBytes * nsPerByte * 1e-9 * 1000) / seconds,
      listBytes: r.counters.listBytes,
      cacheBytes: r.cacheBytes,
      cacheObjects: r.cacheObjects,
      cacheBytesByStyle: { owned: r.memory.byStyle.owned.cacheBytes, all: r.memory.byStyle.all.cacheBytes },
      decodeAllocBytesPerSec: (watchBytes * allocPerByte) / seconds,
      listPeakBytes: r.memory.byStyle[style].listPeakBytes,
      error: r.error?.message ?? null,
    };
  });
  const egressList = m.replicas.reduce((a, r) => a + r.counters.listBytes, 0);
  return {
    replicas,
    totalWatchBytesPerSec: replicas.reduce((a, r) => a + r.watchBytesPerSec, 0),
    totalDecodeCpuMillicores: replicas.reduce((a, r) => a + r.decodeCpuMillicores, 0),
    totalCacheBytes: replicas.reduce((a, r) => a + r.cacheBytes, 0),
    totalCacheBytesByStyle: {
      owned: replicas.reduce((a, r) => a + r.cacheBytesByStyle.owned, 0),
      all: replicas.reduce((a, r) => a + r.cacheBytesByStyle.all, 0),
    },
    totalDecodeAllocBytesPerSec: replicas.reduce((a, r) => a + r.decodeAllocBytesPerSec, 0),
    apiServerEgressBytesPerSec: (m.totals.egressBytes - egressList) / seconds,
    apiServerHashesPerSec: m.totals.apiServerHashes / seconds,
    watchShardsTotal: m.apiServers.reduce((a, s) => a + s.metrics.watchShardsTotal, 0),
    watchFilteredEventsTotal: m.apiServers.reduce((a, s) => a + s.metrics.watchFilteredEventsTotal, 0),
    gaps: m.audit.gaps,
    duplicates: m.audit.duplicates,
    closedFormBytesPerSecPerReplica: cf.replicaBytesPerSec,
    closedFormEgressBytesPerSec: cf.egressBytesPerSec,
    closedFormHashesPerSec: cf.hashesPerSec,
    apiServerCpuMillicores: (m.totals.apiServerWatchCpuSeconds * 1000) / seconds,
    closedFormApiServerCpuMillicores: cf.apiServerCpuCores * 1000,
    lifecycle: { ...m.lifecycle, client: snap.params.replicas.client },
  };
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

function bytes(n: number): string {
  let v = n;
  let u = 0;
  while (Math.abs(v) >= 1000 && u < UNITS.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v >= 100 || u === 0 ? v.toFixed(0) : v.toFixed(v >= 10 ? 1 : 2)} ${UNITS[u]}`;
}

export function int(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function ratio(a: number, b: number): string {
  if (b === 0) return a === 0 ? '-' : 'inf';
  return `${(a / b).toFixed(2)}x`;
}

export function table(snap: SimSnapshot, seconds: number, client: ModeReport, server: ModeReport, lang: LocaleId = 'en'): string {
  const tx: CliText = cliText(lang);
  const p = snap.params;
  const gates = tx.gates(Array.from({ length: p.apiServers.count }, (_, i) => tx.gate(p.apiServers.gates[i] ?? true)));
  const events = snap.churn.total.added + snap.churn.total.modified + snap.churn.total.deleted;
  const out: string[] = [];
  out.push(
    tx.intro({
      pods: proseCount(lang, p.cluster.pods),
      namespaces: proseCount(lang, p.cluster.namespaces),
      replicas: p.replicas.count,
      servers: p.apiServers.count,
      gates,
      seconds,
      seed: JSON.stringify(String(p.seed)),
    }),
  );
  const r = snap.churn.rates;
  const per1000 = (rate: number) => rateText((rate * 1000) / p.cluster.pods);
  out.push(
    tx.churn({
      adds: rateText(r.addsPerSecond),
      modifies: rateText(r.modifiesPerSecond),
      deletes: rateText(r.deletesPerSecond),
      per1000: [per1000(r.addsPerSecond), per1000(r.modifiesPerSecond), per1000(r.deletesPerSecond)],
      burst: r.burst.enabled && r.burst.podsPerSecond > 0 ? { pods: rateText(r.burst.podsPerSecond), per1000: per1000(r.burst.podsPerSecond), seconds: rateText(r.burst.maxSeconds), every: rateText(r.burst.everySeconds) } : null,
    }),
  );
  out.push(
    tx.stream({
      events: int(events),
      perSec: int(events / seconds),
      bookmarks: int(snap.churn.total.bookmarks),
      meanEvent: bytes(snap.closedForm.meanEventBytes),
      encoding: p.sizes.encoding,
      live: int(snap.cluster.live),
    }),
  );
  if (snap.churn.refusedAdds > 0) {
    out.push(tx.refused({ refused: int(snap.churn.refusedAdds), max: int(MAX_LIVE_OBJECTS) }));
  }
  out.push('');
  const w0 = 40;
  const w = 18;
  const style = p.replicas.clientCache;
  // Both client styles, the one in use first: the comparison needs no second run.
  const styles = style === 'all' ? (['all', 'owned'] as const) : (['owned', 'all'] as const);
  const row = (label: string, a: string, b: string, c = '') =>
    out.push(padColumns(label, w0, 'end') + padColumns(a, w, 'start') + padColumns(b, w, 'start') + padColumns(c, w, 'start'));
  row('', ...tx.columns);
  const [d0, d1, d2] = tx.columns.map((h) => '-'.repeat(displayWidth(h)));
  row('', d0!, d1!, d2!);
  for (let i = 0; i < client.replicas.length; i++) {
    const c = client.replicas[i]!;
    const s = server.replicas[i]!;
    row(tx.replica(i), `${bytes(c.watchBytesPerSec)}/s`, `${bytes(s.watchBytesPerSec)}/s`, ratio(s.watchBytesPerSec, c.watchBytesPerSec));
    const cc = client.closedFormBytesPerSecPerReplica[i] ?? 0;
    const cs = server.closedFormBytesPerSecPerReplica[i] ?? 0;
    row(`          ${tx.closedForm}`, `${bytes(cc)}/s`, `${bytes(cs)}/s`, ratio(cs, cc));
    row(`          ${tx.discarded}`, `${(c.discardedShare * 100).toFixed(0)}%`, `${(s.discardedShare * 100).toFixed(0)}%`);
    row(`          ${tx.decodeCpu}`, `${c.decodeCpuMillicores.toFixed(1)} ${tx.mcores}`, `${s.decodeCpuMillicores.toFixed(1)} ${tx.mcores}`, ratio(s.decodeCpuMillicores, c.decodeCpuMillicores));
    row(`          ${tx.initialList}`, bytes(c.listBytes), bytes(s.listBytes), ratio(s.listBytes, c.listBytes));
    row(`          ${tx.owned}`, int(c.cacheObjects), int(s.cacheObjects));
    for (const st of styles) {
      row(`          ${tx.cache(tx.cacheStyle(st), st === style)}`, bytes(c.cacheBytesByStyle[st]), bytes(s.cacheBytesByStyle[st]), ratio(s.cacheBytesByStyle[st], c.cacheBytesByStyle[st]));
    }
    row(`          ${tx.decodeAlloc}`, `${bytes(c.decodeAllocBytesPerSec)}/s`, `${bytes(s.decodeAllocBytesPerSec)}/s`, ratio(s.decodeAllocBytesPerSec, c.decodeAllocBytesPerSec));
    row(`          ${tx.listPeak(tx.cacheStyle(style))}`, bytes(c.listPeakBytes), bytes(s.listPeakBytes), ratio(s.listPeakBytes, c.listPeakBytes));
    if (c.error || s.error) row(`          ${tx.error}`, c.error ? tx.yes : '-', s.error ? tx.yes : '-');
  }
  row(tx.allWatch, `${bytes(client.totalWatchBytesPerSec)}/s`, `${bytes(server.totalWatchBytesPerSec)}/s`, ratio(server.totalWatchBytesPerSec, client.totalWatchBytesPerSec));
  row(tx.allCpu, `${client.totalDecodeCpuMillicores.toFixed(1)} ${tx.mcores}`, `${server.totalDecodeCpuMillicores.toFixed(1)} ${tx.mcores}`, ratio(server.totalDecodeCpuMillicores, client.totalDecodeCpuMillicores));
  for (const st of styles) {
    const label = tx.allCaches(tx.cacheStyle(st), st === style);
    row(label, bytes(client.totalCacheBytesByStyle[st]), bytes(server.totalCacheBytesByStyle[st]), ratio(server.totalCacheBytesByStyle[st], client.totalCacheBytesByStyle[st]));
  }
  row(tx.allAlloc, `${bytes(client.totalDecodeAllocBytesPerSec)}/s`, `${bytes(server.totalDecodeAllocBytesPerSec)}/s`, ratio(server.totalDecodeAllocBytesPerSec, client.totalDecodeAllocBytesPerSec));
  row(tx.egress, `${bytes(client.apiServerEgressBytesPerSec)}/s`, `${bytes(server.apiServerEgressBytesPerSec)}/s`, ratio(server.apiServerEgressBytesPerSec, client.apiServerEgressBytesPerSec));
  row(tx.checks, `${int(client.apiServerHashesPerSec)}/s`, `${int(server.apiServerHashesPerSec)}/s`);
  row(tx.serverCpu, `${client.apiServerCpuMillicores.toFixed(1)} ${tx.mcores}`, `${server.apiServerCpuMillicores.toFixed(1)} ${tx.mcores}`, ratio(server.apiServerCpuMillicores, client.apiServerCpuMillicores));
  row('apiserver_watch_shards_total', int(client.watchShardsTotal), int(server.watchShardsTotal));
  row('apiserver_watch_filtered_events_total', int(client.watchFilteredEventsTotal), int(server.watchFilteredEventsTotal));
  row(tx.gaps, int(client.gaps), int(server.gaps));
  row(tx.duplicates, int(client.duplicates), int(server.duplicates));
  row(tx.cfEgress, `${bytes(client.closedFormEgressBytesPerSec)}/s`, `${bytes(server.closedFormEgressBytesPerSec)}/s`, ratio(server.closedFormEgressBytesPerSec, client.closedFormEgressBytesPerSec));
  row(tx.cfChecks, `${int(client.closedFormHashesPerSec)}/s`, `${int(server.closedFormHashesPerSec)}/s`);
  row(tx.cfServerCpu, `${client.closedFormApiServerCpuMillicores.toFixed(1)} ${tx.mcores}`, `${server.closedFormApiServerCpuMillicores.toFixed(1)} ${tx.mcores}`, ratio(server.closedFormApiServerCpuMillicores, client.closedFormApiServerCpuMillicores));
  // The watch lifecycle, shown once something happened over time.
  const lc = [client.lifecycle, server.lifecycle];
  if (lc.some((l) => l.watchTimeouts + l.watchResumes + l.bookmarks + l.duplicatesMissed + l.duplicatesCaught + Object.values(l.relists).reduce((a, b) => a + b, 0) > 0)) {
    const causes = (l: ModeReport['lifecycle']) => `${int(l.relists.gone)}/${int(l.relists.reshard)}/${int(l.relists.error)}`;
    const resumes = (l: ModeReport['lifecycle']) => `${int(l.watchResumesByCause.timeout)}/${int(l.watchResumesByCause.restart)}`;
    const relistBytes = (l: ModeReport['lifecycle']) => Object.values(l.relistBytes).reduce((a, b) => a + b, 0);
    row(tx.relists, causes(client.lifecycle), causes(server.lifecycle));
    row(tx.relistBytes, bytes(relistBytes(client.lifecycle)), bytes(relistBytes(server.lifecycle)), ratio(relistBytes(server.lifecycle), relistBytes(client.lifecycle)));
    row(tx.resumes, resumes(client.lifecycle), resumes(server.lifecycle));
    row(tx.watchTimeouts, `${int(client.lifecycle.watchTimeouts)} (${int(client.lifecycle.goneResponses)})`, `${int(server.lifecycle.watchTimeouts)} (${int(server.lifecycle.goneResponses)})`);
    row(tx.bookmarks, `${int(client.lifecycle.bookmarks)} (${int(client.lifecycle.bookmarksDropped)})`, `${int(server.lifecycle.bookmarks)} (${int(server.lifecycle.bookmarksDropped)})`);
    row(tx.duplicatesMissedCaught(tx.client(p.replicas.client)), '-', `${int(server.lifecycle.duplicatesMissed)}/${int(server.lifecycle.duplicatesCaught)}`);
  }
  const errors = [...client.replicas.map((r) => ['client', r] as const), ...server.replicas.map((r) => ['server', r] as const)].filter(([, r]) => r.error);
  if (errors.length > 0) {
    out.push('');
    for (const [mode, r] of errors) out.push(`${tx.modeReplica(mode, r.index)}: ${r.error}`);
  }
  // The headline, with every failure that qualifies it: the same sentence as the page's.
  out.push('');
  const verdict = verdictOf(snap);
  out.push(lang === 'en' ? verdict.sentence : verdictSentence(verdict, verdictWordsFor(lang)));
  const text = out.join('\n') + '\n';
  // Chinese prose counts read "1 万个 Pod", not "1 万 个 Pod" (see tightenCjkUnits).
  return lang === 'zh-CN' ? tightenCjkUnits(text) : text;
}

/** One mode's hand-off figures for --json. */
export interface HandoffReport {
  readonly movedPercent: number;
  readonly orphanObjectSeconds: number;
  readonly duplicateObjectSeconds: number;
  readonly settleSeconds: number;
  readonly peakOrphans: number;
  readonly peakDuplicates: number;
  readonly relists: number;
  readonly relistBytes: number;
}

function handoffReport(h: HandoffSummary): HandoffReport {
  return {
    movedPercent: h.movedFraction * 100,
    orphanObjectSeconds: h.orphanObjectSeconds,
    duplicateObjectSeconds: h.duplicateObjectSeconds,
    settleSeconds: h.settleSeconds,
    peakOrphans: h.peakOrphans,
    peakDuplicates: h.peakDuplicates,
    relists: h.relists,
    relistBytes: h.relistBytes,
  };
}

/** Every fired reshard with both modes' hand-off (summaries come client then server per event). */
export function reshardReports(list: readonly HandoffSummary[]) {
  const out = [];
  for (let i = 0; i + 1 < list.length; i += 2) {
    const c = list[i]!;
    const s = list[i + 1]!;
    out.push({
      at: c.at,
      from: c.from,
      to: c.to,
      objects: c.objects,
      rollout: c.rollout,
      strategy: { client: c.strategy, server: s.strategy },
      client: handoffReport(c),
      server: handoffReport(s),
      relistBytesClientOverServer: s.relistBytes > 0 ? c.relistBytes / s.relistBytes : null,
    });
  }
  return out;
}

export function reshardTable(list: readonly HandoffSummary[], lang: LocaleId = 'en'): string {
  const tx: CliText = cliText(lang);
  const out: string[] = [];
  for (const r of reshardReports(list)) {
    out.push('');
    out.push(
      tx.reshardAt({ at: r.at, from: r.from, to: r.to, rollout: tx.rollout(r.rollout), objects: int(r.objects), client: tx.strategy(r.strategy.client), server: tx.strategy(r.strategy.server) }),
    );
    const row = (label: string, a: string, b: string) => out.push(padColumns(label, 40, 'end') + padColumns(a, 18, 'start') + padColumns(b, 18, 'start'));
    row('', tx.columns[0], tx.columns[1]);
    row(tx.movedOwner, `${r.client.movedPercent.toFixed(1)}%`, `${r.server.movedPercent.toFixed(1)}%`);
    row(tx.orphanSeconds, int(r.client.orphanObjectSeconds), int(r.server.orphanObjectSeconds));
    row(tx.duplicateSeconds, int(r.client.duplicateObjectSeconds), int(r.server.duplicateObjectSeconds));
    row(tx.settle, tx.seconds(r.client.settleSeconds.toFixed(2)), tx.seconds(r.server.settleSeconds.toFixed(2)));
    row(tx.relistsAndBytes, `${r.client.relists} / ${bytes(r.client.relistBytes)}`, `${r.server.relists} / ${bytes(r.server.relistBytes)}`);
  }
  return out.length > 0 ? out.join('\n') + '\n' : '';
}

/** A rate as the churn line prints it: grouped digits, at most two decimals (10, 2.5, 0.33, 1,000). */
function rateText(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
