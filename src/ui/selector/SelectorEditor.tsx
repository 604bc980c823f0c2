import { memo, useEffect, useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Explain } from '../explain';
import { applyQuickFix, parseSelectorText, type ShardSelectorError } from '../../state';
import { EXPRESSION_SIZE_CODE_POINT_LIMIT, loadSyntaxErrors, onSyntaxErrorsLoaded, syntaxErrorsLoaded } from '../../core/sharding/cel';
import { useFormat, useT } from '../i18n';
import { tokenize, type Token } from './tokenize';
import { ApiErrorExplanation } from './ApiErrorExplanation';

/** Props of {@link SelectorEditor}. */
export interface SelectorEditorProps {
  /** The selector text exactly as the replica sends it. */
  readonly value: string;
  readonly onChange: (text: string) => void;
  /** Accessible name of the text box. */
  readonly label: string;
  /** Called after a quick fix was applied (the card uses it to keep focus in the box). */
  readonly onQuickFix?: () => void;
  /**
   * The API server that has the gate off and so ignores this selector (its name), or null:
   * a valid selector then says it is not applied, and where.
   */
  readonly ignoredBy?: string | null;
}

/**
 * A shard-selector editor: a monospace text box over a syntax-highlighted copy of its text.
 * The text is parsed with the core on every change; a rejected selector shows the
 * apiserver's exact message, the offending span is underlined, and when the apiserver
 * suggests zero padding a button applies it.
 *
 * The highlighted layer and the textarea share one grid cell and identical metrics, so the
 * colours sit exactly under the typed characters; the textarea's own text is transparent.
 *
 * The first syntax error loads the model that words it as cel-go does (a separate chunk):
 * until it arrives the editor says the exact message is loading and shows only the plain-words
 * hint, then renders again by itself with the apiserver's message.
 */
export const SelectorEditor = memo(function SelectorEditor({ value, onChange, label, onQuickFix, ignoredBy = null }: SelectorEditorProps) {
  const t = useT();
  const f = useFormat();
  const id = useId();
  // Renders again once the syntax-error model has loaded (a pending message becomes final).
  useSyncExternalStore(onSyntaxErrorsLoaded, syntaxErrorsLoaded);
  const parsed = parseSelectorText(value);
  const error = !parsed.ok && value !== '' ? parsed.error : null;
  const pending = error !== null && !error.final;
  useEffect(() => {
    // A lost chunk leaves the hint in place; the next syntax error tries again.
    if (pending) loadSyntaxErrors().catch(() => undefined);
  }, [pending]);
  const messageId = `${id}-msg`;
  const fixed = error ? applyQuickFix(value, error) : null;
  // A long text is not highlighted: the text box shows it alone, with no copy laid out under it.
  const plain = value.length > HIGHLIGHT_LIMIT;
  const tokens = useMemo(() => (plain ? [] : tokenize(value)), [plain, value]);
  // The code points of the last paste refused as too long (null: none).
  const [refused, setRefused] = useState<number | null>(null);

  return (
    <div className="selector-editor" data-state={error ? 'error' : value === '' ? 'empty' : 'valid'}>
      <div className={plain ? 'selector-editor__box selector-editor__box--plain' : 'selector-editor__box'}>
        {plain ? null : (
          <pre className="selector-editor__highlight" aria-hidden="true">
            {renderHighlighted(value, tokens, error)}
            {/* Keeps the last line's height when the text ends with a newline. */}
            {'\u200b'}
          </pre>
        )}
        <textarea
          className={plain ? 'selector-editor__input selector-editor__input--plain' : 'selector-editor__input'}
          data-testid="selector-input"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          value={value}
          rows={plain ? PLAIN_ROWS : 1}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          onChange={(e) => {
            const next = e.target.value;
            const size = next.length > MAX_EDITOR_CODE_POINTS ? codePointCount(next) : 0;
            // Refused: the box keeps its text (React puts it back before the next layout).
            if (size > MAX_EDITOR_CODE_POINTS) return setRefused(size);
            setRefused(null);
            onChange(next);
          }}
        />
      </div>
      <div id={messageId} className="selector-editor__message" aria-live="polite">
        {refused !== null ? (
          <p className="selector-editor__error" role="alert" data-testid="selector-too-long">
            {t('editor.tooLong', { length: f.count(refused), limit: f.count(EXPRESSION_SIZE_CODE_POINT_LIMIT) })}
          </p>
        ) : null}
        {error ? (
          <>
            {pending ? (
              // Not the apiserver's text yet: only where, and the hint below.
              <p className="selector-editor__error selector-editor__error--pending" data-testid="selector-error-pending">
                <span className="selector-editor__who">{t('editor.errorPending')}</span>{' '}
                <span className="selector-editor__where">
                  {t('editor.position', { line: error.span.line, column: error.span.column })}
                </span>
              </p>
            ) : (
              <p className="selector-editor__error">
                <span className="selector-editor__who">{t('editor.errorPrefix')}</span>{' '}
                <span data-testid="selector-error">{error.message}</span>{' '}
                {/expression kind \d/.test(error.message) ? <Explain topic="kind3" /> : null}
                {error.message.startsWith('CEL parse error') ? <Explain topic="cel" /> : null}
                <span className="selector-editor__where">
                  {t('editor.position', { line: error.span.line, column: error.span.column })}
                </span>
              </p>
            )}
            {error.hint ? (
              // ShardScope's own reading of a syntax error, under the apiserver's exact line.
              <p className="selector-editor__hint" data-testid="selector-error-hint">
                <span className="selector-editor__hint-label">{t('editor.hint')}</span> {error.hint}
              </p>
            ) : null}
            {pending ? null : <ApiErrorExplanation message={error.message} code={error.code} />}
            {fixed !== null && error.suggestion ? (
              <button
                type="button"
                className="button button--small selector-editor__fix"
                data-testid="selector-quickfix"
                title={t('editor.quickFixTitle')}
                onClick={() => {
                  onChange(fixed);
                  onQuickFix?.();
                }}
              >
                {t('editor.quickFix', { suggestion: error.suggestion.replace(/^(["'])(.*)\1$/, '$2') })}
              </button>
            ) : null}
          </>
        ) : value === '' ? (
          <p className="selector-editor__note" data-testid="selector-empty">
            {t('editor.empty')}
          </p>
        ) : (
          <p
            className={ignoredBy === null ? 'selector-editor__ok' : 'selector-editor__ok selector-editor__ok--ignored'}
            data-testid="selector-valid"
            data-applied={ignoredBy === null}
          >
            <span aria-hidden="true">{ignoredBy === null ? '✓ ' : '○ '}</span>
            {ignoredBy === null ? t('editor.valid') : t('editor.validIgnored', { server: ignoredBy })}
          </p>
        )}
      </div>
    </div>
  );
});

/**
 * The most code points the editor takes: the API server's CEL limit
 * (100,000) and a little more, so a selector just over the limit still gets the API server's
 * own message. A longer paste is refused with a message before it reaches the box's layout: a
 * 10 MB paste took a 9 s task, then 7.6 s per keystroke, mostly layout.
 */
export const MAX_EDITOR_CODE_POINTS = EXPRESSION_SIZE_CODE_POINT_LIMIT + 1_000;

function codePointCount(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Real selectors are a few hundred characters. A longer text (a link's thousand ranges, a
 * pasted megabyte) is shown plain in the text box alone, unwrapped: a highlighted copy under it
 * laid out the text twice, wrapped, and a link with 8 selectors of 79,000 characters spent over
 * a second in one layout. The parser still checks all of it; the message says where an error is.
 */
export const HIGHLIGHT_LIMIT = 5_000;
/** Lines the text box shows of a long text (it scrolls for the rest). */
const PLAIN_ROWS = 6;

/** The highlighted copy of `text`, with the error span wrapped in one underlined mark. */
function renderHighlighted(text: string, tokens: readonly Token[], error: ShardSelectorError | null): ReactNode[] {
  if (!error) return renderTokens(text, tokens, 0, text.length);
  const from = Math.max(0, Math.min(text.length, error.span.offset));
  const to = Math.max(from, Math.min(text.length, error.span.offset + error.span.length));
  return [
    ...renderTokens(text, tokens, 0, from),
    <mark key="err" className={`tok-error${to === from ? ' tok-error--point' : ''}`} data-testid="selector-error-span">
      {renderTokens(text, tokens, from, to)}
    </mark>,
    ...renderTokens(text, tokens, to, text.length),
  ];
}

/** Spans for the tokens clipped to [from, to). */
function renderTokens(text: string, tokens: readonly Token[], from: number, to: number): ReactNode[] {
  const out: ReactNode[] = [];
  for (const tok of tokens) {
    if (tok.end <= from) continue;
    if (tok.start >= to) break;
    const s = Math.max(from, tok.start);
    const e = Math.min(to, tok.end);
    const piece = text.slice(s, e);
    out.push(
      tok.kind === 'space' ? (
        piece
      ) : (
        <span key={`${s}`} className={`tok-${tok.kind}`}>
          {piece}
        </span>
      ),
    );
  }
  return out;
}
