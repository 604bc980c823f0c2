/**
 * Short links: `#s=2.<base64url>`, the state's difference from the defaults as
 * JSON, compressed with raw DEFLATE. A default run is `#s=2.q64FAA` (11 characters), so a
 * story step link with the page's address fits on a slide or in a QR code. Version 2
 * differs from version 1 only in the defaults a missing field stands for; `1.` links are
 * still read, with the defaults of their time. A churn rate a link leaves out is the default
 * for the link's own object count (see `./churn`), in both versions.
 *
 * This module only packs and unpacks the payload; `link.ts` validates what comes out with
 * exactly the rules of the `#state=` (version 1) format, so both formats name the same
 * fields and show the same notices.
 */
import { Deflate, deflateSync, inflateSync } from 'fflate';
import { defaultSimParams, defaultViewParams } from './defaults';
import type { SimParams, ViewParams } from './params';
import { equalSplitSelectors } from './selectors';
import { defaultChurn } from './churn';

/** Version of the short format, written before the payload (`#s=2.`). */
export const SHORT_LINK_VERSION = 2;
const PREFIX = `${SHORT_LINK_VERSION}.`;
/** Versions read: 1 (with the older defaults) and the current one. */
const READ_VERSIONS: readonly number[] = [1, SHORT_LINK_VERSION];
/** The hash parameter of a short link (`#s=...`, or `&s=...` beside other parameters). */
export const SHORT_KEY = 's';

/**
 * The fields of a state that differ from a fresh page's (light theme, version 1 field names;
 * the churn compared with the default for the state's own object count).
 * The selectors are left out when they are the equal split of the replicas and key the link
 * sets, which is what the decoder falls back to; the language never travels in a link.
 */
export function stateDiff(params: SimParams, view: ViewParams): { p?: Record<string, unknown>; w?: Record<string, unknown> } {
  // The churn a link leaves out is the default for the link's own object count.
  const dp = { ...defaultSimParams(), ...defaultChurn(params.objects) };
  const p: Record<string, unknown> = {};
  for (const k of Object.keys(params) as (keyof SimParams)[]) {
    if (k === 'selectors') continue;
    if (JSON.stringify(params[k]) !== JSON.stringify(dp[k])) p[k] = params[k];
  }
  const split = equalSplitSelectors(params.replicas, params.shardKey);
  if (params.selectors.length !== split.length || params.selectors.some((s, i) => s !== split[i])) p.selectors = params.selectors;
  const dv = defaultViewParams();
  const w: Record<string, unknown> = {};
  for (const k of Object.keys(view) as (keyof ViewParams)[]) {
    if (k === 'locale') continue;
    if (view[k] !== dv[k]) w[k] = view[k];
  }
  const out: { p?: Record<string, unknown>; w?: Record<string, unknown> } = {};
  if (Object.keys(p).length > 0) out.p = p;
  if (Object.keys(w).length > 0) out.w = w;
  return out;
}

/** The short fragment (`#s=2.…`) for a state. */
export function encodeShortLink(params: SimParams, view: ViewParams): string {
  // JSON.stringify escapes lone surrogates, so the UTF-8 bytes round-trip every string.
  const json = JSON.stringify(stateDiff(params, view));
  return `#${SHORT_KEY}=${PREFIX}${toBase64Url(deflateSync(new TextEncoder().encode(json), { level: 9 }))}`;
}

/**
 * {@link encodeShortLink} in steps: the state is deflated 16 KB at a time,
 * so 64 selectors of 10,000 characters (650 KB of JSON, 40-100 ms in one piece) never hold the
 * page's thread for long. A state under 16 KB gives exactly {@link encodeShortLink}'s fragment;
 * a larger one may differ in its bytes (blocks fall elsewhere) but reads back the same.
 */
export function* encodeShortLinkSteps(params: SimParams, view: ViewParams): Generator<void, string, unknown> {
  const json = new TextEncoder().encode(JSON.stringify(stateDiff(params, view)));
  yield;
  const parts: Uint8Array[] = [];
  const stream = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const CHUNK = 16_384;
  for (let i = 0; i < json.length || i === 0; i += CHUNK) {
    stream.push(json.subarray(i, i + CHUNK), i + CHUNK >= json.length);
    yield;
  }
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return `#${SHORT_KEY}=${PREFIX}${toBase64Url(bytes)}`;
}

const SHORT_PARAM = /(?:^#|&)s=([^&]*)/;

/** The payload of the `s=` parameter of a fragment, or null when there is none. */
export function shortParam(hash: string): string | null {
  const m = SHORT_PARAM.exec(hash);
  return m ? m[1]! : null;
}

/** What unpacking a short payload gave: the JSON value, or why there is none. */
export type Unpacked = { readonly ok: true; readonly raw: unknown; readonly version: number } | { readonly ok: false; readonly reason: 'unreadable' | 'version' | 'too-large' };

/**
 * The JSON value in a short payload (what follows `s=`). Never throws. `maxBytes` bounds the
 * decompressed size: a tiny payload can inflate a thousandfold, so inflation stops as soon
 * as it passes the bound instead of filling memory.
 */
export function unpackShortPayload(payload: string, maxBytes: number): Unpacked {
  const dot = /^(\d+)\./.exec(payload);
  if (!dot) return { ok: false, reason: 'unreadable' };
  const version = Number(dot[1]);
  if (!READ_VERSIONS.includes(version)) return { ok: false, reason: 'version' };
  const bytes = fromBase64Url(payload.slice(dot[0].length));
  if (!bytes || bytes.length === 0) return { ok: false, reason: 'unreadable' };
  let json: Uint8Array;
  try {
    json = inflateCapped(bytes, maxBytes);
  } catch (e) {
    // Too large once unpacked (a bomb), however short the link itself.
    return { ok: false, reason: e instanceof TooLong ? 'too-large' : 'unreadable' };
  }
  try {
    return { ok: true, raw: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json)), version };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

class TooLong extends Error {}

/**
 * Raw inflate that throws {@link TooLong} when the output passes `max` bytes. The output goes
 * into one buffer of `max + 1` bytes, which fflate fills and stops at: memory stays bounded
 * whatever the payload unpacks to, and no output is copied (a streaming inflate fed 1 KB at a
 * time copied its growing output on each push: 565 ms for a 900 KB state).
 */
function inflateCapped(data: Uint8Array, max: number): Uint8Array {
  const out = inflateSync(data, { out: new Uint8Array(max + 1) });
  if (out.length > max) throw new TooLong();
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

/** Base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/** Bytes of unpadded base64url, or null when `text` is not exactly that. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? INDEX[c]! : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero, so each byte string has one spelling.
  if ((acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
