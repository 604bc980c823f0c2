/**
 * The `Status` bodies of failed requests, key for key as kube-apiserver serialises them.
 * Pure (types only), so the page can build the same body from a snapshot.
 */
import type { BadRequestStatusBody, InternalErrorStatusBody } from './types';

/**
 * The HTTP 500 body for a rejected shard selector. The registry returns a plain Go error
 * (`invalid shard selector: ...`), and the apiserver turns a plain error into a Status with
 * only a message and the code: no `reason`, no `details`.
 */
export function statusBody(message: string): InternalErrorStatusBody {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 };
}

/**
 * The HTTP 400 for a request the server refuses to read (an unparsable label selector): a
 * BadRequest StatusError, which names its reason but carries no `details`.
 */
export function badRequestBody(message: string): BadRequestStatusBody {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 };
}
