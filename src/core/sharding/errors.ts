import type { SourceSpan } from './types';

/** What went wrong, for tools that react differently (a quick fix, a colour). */
export type ShardSelectorErrorCode =
  | 'empty'
  | 'syntax'
  | 'unsupported-function'
  | 'unexpected-expression'
  | 'argument-count'
  | 'field-path'
  | 'unsupported-field'
  | 'not-string-literal'
  | 'missing-prefix'
  | 'missing-digits'
  | 'too-long'
  | 'invalid-hex-char'
  | 'bad-17-digit'
  | 'short-hex'
  | 'start-not-less'
  | 'mixed-fields';

/**
 * A rejected shard selector. `message` is exactly the text kube-apiserver's parser returns
 * (the server prefixes it with `invalid shard selector: ` in the HTTP 500 body).
 */
export class ShardSelectorError extends Error {
  override readonly name = 'ShardSelectorError';
  constructor(
    message: string,
    readonly code: ShardSelectorErrorCode,
    /** The offending part of the input. */
    readonly span: SourceSpan,
    /**
     * For `short-hex`: the zero-padded literal the apiserver suggests ("did you mean"),
     * so an editor can offer it as a quick fix.
     */
    readonly suggestion?: string,
    /**
     * For `syntax`: ShardScope's plain-words explanation of the problem (what was found and
     * what would have been valid there), shown as a hint beside the apiserver's own message.
     */
    readonly hint?: string,
    /**
     * Whether `message` is the apiserver's. False only for a syntax error met before the
     * syntax-error model was loaded (`loadSyntaxErrors`): then the message is ShardScope's
     * provisional reading, which nothing may record or show as the apiserver's.
     */
    readonly final: boolean = true,
  ) {
    super(message);
  }
}

/** The prefix kube-apiserver adds to a parser message in its HTTP 500 response. */
export const INVALID_SHARD_SELECTOR_PREFIX = 'invalid shard selector: ';
