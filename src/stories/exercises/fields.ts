/** The fields of each condition kind a file may use, with their rules, for `file.ts` and docs/authoring.md. */
import { SHARD_KEYS, isShardKey } from '../../core/sharding';
import { CLIENT_KINDS, isClientKind } from '../../sim/params';
import type { ConditionKind } from './types';

export interface FieldRule {
  readonly describe: string;
  readonly test: (v: unknown) => boolean;
  readonly optional?: boolean;
}

const replica: FieldRule = { describe: 'a replica index from 0 to 63', test: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 64 };
const fraction: FieldRule = { describe: 'a fraction from 0 to 1', test: (v) => typeof v === 'number' && v >= 0 && v <= 1 };
const positive: FieldRule = { describe: 'a number above 0 and at most 1000', test: (v) => typeof v === 'number' && v > 0 && v <= 1000 };
const count: FieldRule = { describe: 'a whole number from 0 to 100000', test: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100_000 };
const replicas: FieldRule = { describe: 'a replica count from 1 to 64', test: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 64 };

export const CONDITION_FIELDS: Readonly<Record<ConditionKind, Readonly<Record<string, FieldRule>>>> = {
  replicas: { count: replicas },
  accepted: { replica: { ...replica, optional: true } },
  coverage: {},
  'hash-share': { replica, min: fraction, max: fraction },
  'share-ratio': { replica, ratio: positive, tolerance: fraction },
  'shard-key': { key: { describe: SHARD_KEYS.map((k) => `"${k}"`).join(' or '), test: isShardKey } },
  gate: { server: { describe: 'an API server index from 0 to 4', test: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 5 }, on: { describe: 'true or false', test: (v) => typeof v === 'boolean' } },
  client: { client: { describe: `one of ${CLIENT_KINDS.join(', ')}`, test: isClientKind } },
  audit: {},
  'object-share': { replica, min: fraction, max: fraction },
  imbalance: { max: positive },
  saving: { atLeast: positive },
  'no-errors': {},
  reshard: { from: replicas, to: replicas },
  'no-orphans': {},
  moved: { max: fraction },
  relists: { max: count, cause: { describe: '"reshard", "restart", "gone" or "error"', test: (v) => v === 'reshard' || v === 'restart' || v === 'gone' || v === 'error', optional: true } },
  'answer-owner': { uid: { describe: 'a uid (a non-empty string of at most 128 characters)', test: (v) => typeof v === 'string' && v.length > 0 && v.length <= 128 } },
  'answer-full-cache': {},
};
