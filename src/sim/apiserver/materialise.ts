/**
 * Real-looking artefacts for a handful of objects at a time: a pod's JSON, a `PodList` page,
 * a watch event envelope, a `Status` error body and the request URL. Built on demand from
 * the typed arrays, never stored. A pod's JSON is padded with plausible env entries until its
 * length approaches the modelled size, so what the UI shows matches what the model counts.
 */
import type { Cluster } from '../cluster';
import { generatedSuffix, mix32, workloadName } from '../cluster';
import { EPOCH_MS } from '../cluster';
import type { PodListBody, PodObject, RequestInfo, WatchEventEnvelope } from './types';
import type { WatchEventType } from '../cluster';
import { formatUuid } from '../cluster';
import { goQueryEscape } from './url';
import { goQueryEscapeMemo } from './urlmemo';

function isoTime(simSeconds: number): string {
  return new Date(EPOCH_MS + Math.floor(simSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}

function ipv4(bits: number, base: number): string {
  return `10.${base}.${(bits >>> 8) & 0xff}.${bits & 0xff}`;
}

/** The pod's name alone (cheap: no JSON is built). */
export function podName(c: Cluster, s: number): string {
  const ns = c.nsOf[s]!;
  const suffix = generatedSuffix(c.nameBits(s), 5);
  if (ns === c.namespaceCount) return `cluster-object-${suffix}`;
  const w = c.workload(s);
  return `${workloadName(w)}-${generatedSuffix(mix32(ns, w, 0x7e3), 10)}-${suffix}`;
}

/** The labels of the pod in slot `s` (what a label selector is matched against). */
export function podLabels(c: Cluster, s: number): Record<string, string> {
  const ns = c.nsOf[s]!;
  const w = c.workload(s);
  if (ns === c.namespaceCount) return { app: 'cluster-object' };
  return { app: workloadName(w), 'pod-template-hash': generatedSuffix(mix32(ns, w, 0x7e3), 10) };
}

/** The pod in slot `s` as the API server would serialise it. */
export function podJson(c: Cluster, s: number, opts: { deleting?: boolean } = {}): PodObject {
  const ns = c.nsOf[s]!;
  const clusterScoped = ns === c.namespaceCount;
  const bits = c.nameBits(s);
  const w = c.workload(s);
  const labels = podLabels(c, s);
  const app = labels.app!;
  const templateHash = generatedSuffix(mix32(ns, w, 0x7e3), 10);
  const suffix = generatedSuffix(bits, 5);
  const name = clusterScoped ? `${app}-${suffix}` : `${app}-${templateHash}-${suffix}`;
  const rsUidWords = new Uint32Array([mix32(ns, w, 1), (mix32(ns, w, 2) & 0xffff0fff) | 0x4000, (mix32(ns, w, 3) & 0x3fffffff) | 0x80000000, mix32(ns, w, 4)]);
  const created = isoTime(c.created[s]!);
  const node = `node-${generatedSuffix(mix32(bits, 17), 5)}`;
  const image = `registry.example.com/${c.namespace(s) || 'system'}/${app}:v1.${w % 9}.${bits % 13}`;
  const env: { name: string; value: string }[] = [
    { name: 'POD_NAMESPACE', value: c.namespace(s) },
    { name: 'LOG_LEVEL', value: 'info' },
  ];
  const metadata: Record<string, unknown> = {
    name,
    generateName: clusterScoped ? `${app}-` : `${app}-${templateHash}-`,
    ...(clusterScoped ? {} : { namespace: c.namespace(s) }),
    uid: c.uid(s),
    resourceVersion: String(c.rv[s]!),
    creationTimestamp: created,
    ...(opts.deleting ? { deletionTimestamp: isoTime(c.created[s]! + 1), deletionGracePeriodSeconds: 30 } : {}),
    labels,
    ownerReferences: clusterScoped
      ? []
      : [
          {
            apiVersion: 'apps/v1',
            kind: 'ReplicaSet',
            name: `${app}-${templateHash}`,
            uid: formatUuid(rsUidWords, 0),
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
  };
  const pod = {
    apiVersion: 'v1' as const,
    kind: 'Pod' as const,
    metadata: metadata as PodObject['metadata'],
    spec: {
      containers: [
        {
          name: app,
          image,
          ports: [{ containerPort: 8080, protocol: 'TCP' }],
          env,
          resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          imagePullPolicy: 'IfNotPresent',
        },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: 'default',
      nodeName: node,
      schedulerName: 'default-scheduler',
      enableServiceLinks: true,
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 0,
    },
    status: {
      phase: 'Running',
      conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
        type,
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: created,
      })),
      hostIP: ipv4(mix32(bits, 3), 0),
      podIP: ipv4(bits, 244),
      startTime: created,
      qosClass: 'Burstable',
      containerStatuses: [
        { name: app, ready: true, restartCount: 0, image, started: true, state: { running: { startedAt: created } } },
      ],
    },
  };
  // Pad with env entries (as real pods carry) until the JSON nears the modelled size.
  const target = c.jsonBytes[s]!;
  let len = JSON.stringify(pod).length;
  let i = 0;
  while (len < target - 40 && i < 5000) {
    const e = { name: `FEATURE_${i}_${generatedSuffix(mix32(bits, i), 4).toUpperCase()}`, value: generatedSuffix(mix32(i, bits), Math.min(60, Math.max(4, target - len - 40))) };
    env.push(e);
    len += JSON.stringify(e).length + 1;
    i++;
  }
  return pod as PodObject;
}

/** A watch event envelope (watch events never carry `shardInfo`). */
export function watchEnvelope(c: Cluster, type: WatchEventType, slot: number, rv: number): WatchEventEnvelope {
  if (type === 'BOOKMARK') {
    return { type, object: { kind: 'Pod', apiVersion: 'v1', metadata: { resourceVersion: String(rv) } } };
  }
  const pod = podJson(c, slot);
  return { type, object: { ...pod, metadata: { ...pod.metadata, resourceVersion: String(rv) } } };
}

/** A `PodList` page. */
export function podListBody(items: PodObject[], rv: number, opts: { continueToken?: string; remaining?: number; shardSelector?: string }): PodListBody {
  const metadata: { resourceVersion: string; continue?: string; remainingItemCount?: number; shardInfo?: { selector: string } } = {
    resourceVersion: String(rv),
  };
  if (opts.continueToken) metadata.continue = opts.continueToken;
  // The caller passes `remaining` only for a list that filters nothing (no shard, label or
  // field selector): the apiserver sets remainingItemCount only then.
  if (opts.continueToken && opts.remaining !== undefined) metadata.remainingItemCount = opts.remaining;
  if (opts.shardSelector !== undefined) metadata.shardInfo = { selector: opts.shardSelector };
  return { kind: 'PodList', apiVersion: 'v1', metadata, items };
}

export { badRequestBody, statusBody } from './status';

/** The request URL a replica's reflector would send. */
export function requestInfo(verb: 'LIST' | 'WATCH', apiServer: number, shardSelector: string | null, extra: Record<string, string> = {}): RequestInfo {
  // Encoded as url.Values.Encode does: keys in sorted order.
  const params: Record<string, string> = { ...extra };
  if (shardSelector !== null) params.shardSelector = shardSelector;
  if (verb === 'WATCH') {
    params.watch = 'true';
    params.allowWatchBookmarks = 'true';
  }
  const q = Object.keys(params)
    .sort()
    // The selector (up to 100,000 characters, the same on every request) is escaped once per text.
    .map((k) => `${goQueryEscape(k)}=${k === 'shardSelector' ? goQueryEscapeMemo(params[k]!) : goQueryEscape(params[k]!)}`);
  return { verb, url: `/api/v1/pods${q.length ? '?' + q.join('&') : ''}`, shardSelector, apiServer };
}

/** A whole number of seconds as Go's `time.Duration.String()` prints it: `7m23s`, `5m0s`, `1h0m0s`. */
export function goDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}

/**
 * The query parameters client-go's reflector (v0.36.3) puts on a WATCH, besides `watch` and
 * `allowWatchBookmarks`: the resourceVersion it resumes from (absent when empty), the
 * `timeoutSeconds` it drew, and the `timeout` the typed client adds for it (the server
 * ignores that one for watches); a streaming list adds `sendInitialEvents=true` and
 * `resourceVersionMatch=NotOlderThan`.
 */
export function watchParams(resourceVersion: string, timeoutSeconds: number | null, streaming: boolean): Record<string, string> {
  const p: Record<string, string> = {};
  if (resourceVersion !== '') p.resourceVersion = resourceVersion;
  if (streaming) {
    p.sendInitialEvents = 'true';
    p.resourceVersionMatch = 'NotOlderThan';
  }
  if (timeoutSeconds !== null) {
    p.timeoutSeconds = String(timeoutSeconds);
    p.timeout = goDuration(timeoutSeconds);
  }
  return p;
}

/** A continue token in the apiserver's shape (base64 JSON), carrying our slot position too. */
export function encodeContinue(rv: number, startKey: string, position: number): string {
  const json = JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: startKey + '\u0000', pos: position });
  return base64(json);
}

export function decodeContinue(token: string): { rv: number; pos: number } | null {
  try {
    const o = JSON.parse(unbase64(token)) as { rv?: unknown; pos?: unknown };
    if (typeof o.rv === 'number' && typeof o.pos === 'number' && o.pos >= 0) return { rv: o.rv, pos: o.pos };
  } catch {
    /* not a token we issued */
  }
  return null;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of a string's UTF-8 bytes (no btoa/Buffer: runs anywhere). */
function base64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += B64[a >> 2]! + B64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : B64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : B64[c & 63]!;
  }
  return out;
}

function unbase64(s: string): string {
  const clean = s.replace(/=+$/, '');
  const bytes: number[] = [];
  let buf = 0;
  let bits = 0;
  for (const ch of clean) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new Error('bad base64');
    buf = (buf << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buf >> bits) & 0xff);
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
