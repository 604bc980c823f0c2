/**
 * The loader of the syntax-error model (`./recognizer`: ANTLR's runtime running the parser
 * generated from CEL's grammar, which words a syntax error exactly as cel-go does).
 *
 * The model is large beside the rest of the parser (antlr4ng and the generated parser) and
 * valid input never needs it, so it is a separate chunk, fetched by a dynamic `import()` the
 * first time something asks for it. Until then a syntax error carries the fast parser's own
 * account of it, marked as not final (`CelError.final`); whoever records or shows a message
 * as the apiserver's awaits {@link loadSyntaxErrors} first.
 */
import type { FirstError } from './recognizer';
import type { Token } from './tokens';

type Recognizer = typeof import('./recognizer');

let recognizer: Recognizer | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the syntax-error model; resolves once syntax errors read as cel-go's. Idempotent: every
 * call after the first returns the same promise (a failed load, such as a chunk the network
 * lost, may be tried again).
 */
export function loadSyntaxErrors(): Promise<void> {
  loading ??= import('./recognizer').then(
    (m) => {
      recognizer = m;
      for (const listener of [...listeners]) listener();
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Whether the model is loaded, so that every syntax error from now on is final. */
export function syntaxErrorsLoaded(): boolean {
  return recognizer !== null;
}

/**
 * Calls `listener` once the model has loaded (never, if it already has: check
 * {@link syntaxErrorsLoaded} first). Returns a function that removes it.
 */
export function onSyntaxErrorsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The model's first error for the tokens, or undefined while it is not loaded. */
export function firstSyntaxError(src: string, tokens: readonly Token[], lexerError: FirstError | null, maxRecursionDepth: number): FirstError | null | undefined {
  return recognizer === null ? undefined : recognizer.firstSyntaxError(src, tokens, lexerError, maxRecursionDepth);
}
