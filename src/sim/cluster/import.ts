/**
 * Reads a real cluster's pods from `kubectl get pods -A -o json` (a `List`) or
 * `kubectl get --raw /api/v1/pods` (a `PodList`) into plain records the cluster can be built
 * from. Pure and total: bad input gives a located message, never an exception, and the caller's
 * state is untouched (nothing here has any).
 *
 * Per pod it keeps uid, namespace, name, labels, owner references (kind, name, uid) and its
 * size: the byte length of the pod's JSON as the API server sends it (compact UTF-8; kubectl
 * pretty-prints, so the file's own text is larger).
 */
import { hashField } from '../../core/sharding';
import { LIMITS, type ClusterParams } from '../params';
import { JsonSyntaxError, parseJsonLocated, type JsonValue } from './importjson';
import type { ErrorContext } from './importscan';
import { parseUuidInto } from './uuid';

export interface ImportedOwner {
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
}

export interface ImportedObject {
  /** `Pod`, `Deployment`, ... ('' when the file does not say, as in custom-columns). */
  readonly kind?: string;
  readonly uid: string;
  /** "" for a cluster-scoped object. */
  readonly namespace: string;
  /** What the views show instead of `namespace` (hidden names); its hash stays that of `namespace`. */
  readonly shownNamespace?: string;
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly owners: readonly ImportedOwner[];
  /**
   * The size the model uses, in bytes: the file's bytes or the compact JSON's (see
   * `fileBytes`, `compactBytes`); 0 when the file carries no object (custom-columns), and the
   * model then draws one from its size distribution.
   */
  readonly jsonBytes: number;
  /** UTF-8 bytes of the object's text as it appeared in the file (0: not known). */
  readonly fileBytes?: number;
  /** UTF-8 bytes of the object as compact JSON, as the API server sends it (0: not known). */
  readonly compactBytes?: number;
}

/** An item left out, with its place in `items` (0-based) and why. */
export interface RejectedItem {
  readonly index: number;
  readonly reason: string;
  /** The line (1-based) where the item starts, when known. */
  readonly line?: number;
}

/** Why a whole file was refused, with a line and column where there is one. */
export interface ImportError {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
  /** What the reader expected at that place. */
  readonly expected?: string;
  /** The text around the place. */
  readonly context?: ErrorContext;
}

export type ImportResult =
  | { readonly ok: true; readonly objects: readonly ImportedObject[]; readonly rejected: readonly RejectedItem[] }
  | { readonly ok: false; readonly error: ImportError };

const LIST_KINDS = new Set(['List', 'PodList']);
const encoder = new TextEncoder();

const isObject = (v: JsonValue | undefined): v is { [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');

function labelsOf(v: JsonValue | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (isObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

function ownersOf(v: JsonValue | undefined): ImportedOwner[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObject).map((o) => ({ kind: str(o['kind']), name: str(o['name']), uid: str(o['uid']) }));
}

/** Parses kubectl's JSON output of pods; at most `maxObjects` (the model's pod limit) are accepted. */
export function importPodsJson(text: string, maxObjects: number = LIMITS.pods.max): ImportResult {
  let doc: JsonValue;
  try {
    doc = parseJsonLocated(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { ok: false, error: { message: `Not valid JSON at ${e.message}`, line: e.line, column: e.column } };
    return { ok: false, error: { message: `Not valid JSON: ${String(e)}` } };
  }
  if (!isObject(doc)) return { ok: false, error: { message: 'Expected a JSON object (a List of pods, as `kubectl get pods -A -o json` prints)' } };
  const kind = str(doc['kind']);
  if (!LIST_KINDS.has(kind)) {
    const found = kind === '' ? 'no kind' : `kind "${kind}"`;
    return { ok: false, error: { message: `Expected kind "List" or "PodList", found ${found}: run \`kubectl get pods -A -o json\`` } };
  }
  const items = doc['items'];
  if (!Array.isArray(items)) return { ok: false, error: { message: `The ${kind} has no "items" array` } };
  if (items.length > maxObjects) return { ok: false, error: { message: `${items.length.toLocaleString('en-US')} items: the simulator holds at most ${maxObjects.toLocaleString('en-US')} objects` } };
  const objects: ImportedObject[] = [];
  const rejected: RejectedItem[] = [];
  const seen = new Map<string, number>();
  const namespaces = new Set<string>();
  const scratch = new Uint32Array(4);
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (!isObject(item)) {
      rejected.push({ index, reason: 'not an object' });
      continue;
    }
    const itemKind = str(item['kind']);
    // PodList items from --raw carry no kind; a List's items do.
    if (itemKind !== '' && itemKind !== 'Pod') {
      rejected.push({ index, reason: `kind "${itemKind}", not Pod` });
      continue;
    }
    const meta = item['metadata'];
    if (!isObject(meta)) {
      rejected.push({ index, reason: 'no metadata' });
      continue;
    }
    const uid = str(meta['uid']);
    const name = str(meta['name']);
    const label = name === '' ? `item ${index}` : `"${name}"`;
    if (uid === '') {
      rejected.push({ index, reason: `${label} has no metadata.uid` });
      continue;
    }
    if (!parseUuidInto(uid, scratch, 0)) {
      rejected.push({ index, reason: `${label} has uid "${uid.slice(0, 60)}", not a lowercase UUID as Kubernetes writes them` });
      continue;
    }
    const first = seen.get(uid);
    if (first !== undefined) {
      rejected.push({ index, reason: `${label} repeats the uid ${uid} of item ${first}` });
      continue;
    }
    const namespace = str(meta['namespace']);
    if (!namespaces.has(namespace) && namespace !== '' && namespaces.size >= LIMITS.namespaces.max) {
      return { ok: false, error: { message: `More than ${LIMITS.namespaces.max.toLocaleString('en-US')} namespaces: the simulator holds at most that many` } };
    }
    namespaces.add(namespace);
    seen.set(uid, index);
    objects.push({
      uid,
      namespace,
      name,
      labels: labelsOf(meta['labels']),
      owners: ownersOf(meta['ownerReferences']),
      jsonBytes: encoder.encode(JSON.stringify(item)).length,
    });
  }
  if (objects.length === 0) {
    const why = rejected.length > 0 ? `: all ${rejected.length} items were left out (item ${rejected[0]!.index}: ${rejected[0]!.reason})` : '';
    return { ok: false, error: { message: `The ${kind} holds no pods to import${why}` } };
  }
  return { ok: true, objects, rejected };
}

/** A stable pseudonym for a name (hidden names): the same name always gives the same one. */
export function pseudonym(prefix: string, name: string): string {
  return name === '' ? '' : `${prefix}-${hashField(name).slice(0, 8)}`;
}

/** The objects with pseudonyms for their names and namespaces; uids and hashes unchanged. */
export function hideNames(objects: readonly ImportedObject[]): ImportedObject[] {
  return objects.map((o) => ({ ...o, name: pseudonym('obj', o.name), shownNamespace: pseudonym('ns', o.namespace), labels: {}, owners: [] }));
}

/**
 * The cluster parameters an import implies: as many pods as it holds, its namespaces, its share
 * of cluster-scoped objects, random (not time-ordered) ids for pods churn adds later.
 */
export function importedClusterParams(objects: readonly ImportedObject[], base: ClusterParams): ClusterParams {
  const namespaced = new Set<string>();
  let scoped = 0;
  for (const o of objects) {
    if (o.namespace === '') scoped++;
    else namespaced.add(o.namespace);
  }
  return {
    ...base,
    pods: objects.length,
    namespaces: Math.max(1, namespaced.size),
    clusterScopedShare: objects.length > 0 ? scoped / objects.length : 0,
    sequentialIds: false,
  };
}
