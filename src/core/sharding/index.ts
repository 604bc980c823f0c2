/**
 * The shard-selector core: what kube-apiserver v1.36 (`ShardedListAndWatch`, KEP-5866) does
 * with `ListOptions.shardSelector`, reproduced bit for bit. Pure TypeScript; runs under Node.
 */
export type { ShardRangeRequirement, SourceSpan } from './types';
export { SHARD_KEY, SHARD_KEYS, SHARD_KEY_IDS, SHARD_KEY_TABLE, isShardKey, shardKeyById, shardKeyByPath, shardKeyIndex, shardKeyOf } from './keys';
export type { ShardKey, ShardKeyEntry, ShardKeyId, ShardKeyIndex, ShardableObject } from './keys';
export { ShardSelectorError, INVALID_SHARD_SELECTOR_PREFIX } from './errors';
export type { ShardSelectorErrorCode } from './errors';
export { hashField, hashFieldInto, hashFieldHigh, lastHashLow, fnv1a64Bytes, EMPTY_STRING_HASH } from './hash';
export {
  hexLess,
  formatHex,
  parseHex,
  hexToParts,
  partsToBigInt,
  hashFraction,
  hexFraction,
  HASH_SPACE,
  HEX_SPACE_START,
  HEX_SPACE_END,
} from './hex';
export type { HashParts } from './hex';
export { ShardSelector, resolveFieldValue, requirementToString } from './selector';
export { parseShardSelector, goTrimSpace, needsSyntaxErrors, EMPTY_SELECTOR_MESSAGE } from './parser';
export { goQuote } from './quote';
export { parseCel, debugString as celDebugString, ExprKind, loadSyntaxErrors, onSyntaxErrorsLoaded, syntaxErrorsLoaded } from './cel';
export type { CelParseResult, Expr as CelExpr } from './cel';
export { splitHashSpace, splitShard, MAX_SPLIT } from './split';
export type { HexRange } from './split';
export { analyzeCoverage } from './coverage';
export type { CoverageReport, CoverageSegment } from './coverage';
