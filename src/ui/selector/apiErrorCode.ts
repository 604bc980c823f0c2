/**
 * Which rule an apiserver shard-selector message is about, read back from the message text
 * itself (a replica's status carries only the text the server sent). The order follows the
 * parser's checks; every message the core parser gives maps to its own error code (a test
 * runs the whole cel-go fixture through both).
 */
import type { ShardSelectorErrorCode } from '../../state';

const PREFIX = 'invalid shard selector: ';

/** Message patterns, tried in order (the first that matches names the rule). */
const RULES: readonly (readonly [RegExp, ShardSelectorErrorCode])[] = [
  [/^empty shard selector is not allowed/, 'empty'],
  [/^CEL parse error: /, 'syntax'],
  [/^unsupported function /, 'unsupported-function'],
  [/^unexpected expression kind /, 'unexpected-expression'],
  [/^shardRange\(\) requires exactly 3 arguments/, 'argument-count'],
  [/^shardRange\(\) first argument: /, 'field-path'],
  [/^unsupported field path /, 'unsupported-field'],
  [/^hex(?:Start|End) must be a string literal/, 'not-string-literal'],
  [/^hex(?:Start|End) must have '0x' prefix/, 'missing-prefix'],
  [/^hex(?:Start|End): hex value is required after '0x'/, 'missing-digits'],
  [/^hex(?:Start|End): hex value too long/, 'too-long'],
  [/^hex(?:Start|End): invalid hex character/, 'invalid-hex-char'],
  [/^hex(?:Start|End): 17-digit hex value must be/, 'bad-17-digit'],
  [/^hex(?:Start|End) must be a 0x-prefixed 16-digit hex value/, 'short-hex'],
  [/^shard range start .* must be less than end /s, 'start-not-less'],
  [/^all shard ranges must use the same field/, 'mixed-fields'],
];

/** The rule a parser message (with or without the HTTP 500 prefix) is about, or null. */
export function apiErrorCode(message: string): ShardSelectorErrorCode | null {
  const text = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : message;
  for (const [re, code] of RULES) if (re.test(text)) return code;
  return null;
}
