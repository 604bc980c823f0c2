import type { ReactNode } from 'react';
import { escapedText, shownText } from '../../sim';

/** The longest text from a link (a field, a story's or a panel's name) a notice shows, in code points. */
export const LINK_TEXT_MAX = 40;

/**
 * Text from a file or a link as the page shows it: as code, visibly not the page's own words,
 * its control, bidi and zero-width characters escaped and cut to 64 characters (`max`).
 */
export function DataText({ text, max, testId }: { readonly text: string; readonly max?: number; readonly testId?: string }) {
  return (
    <code className="data-text" data-testid={testId}>
      {shownText(text, max)}
    </code>
  );
}

/** A JSON string literal: how the import reader quotes a file's text inside a reason. */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

/**
 * A reason written by ShardScope that quotes a file's text as JSON strings (`"name" has no
 * metadata.uid`): the reason's own words as text, each quoted value as {@link DataText}.
 * `hide` shows `…` for every value (hidden names).
 */
export function QuotedReason({ reason, hide = false }: { readonly reason: string; readonly hide?: boolean }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const m of reason.matchAll(QUOTED)) {
    parts.push(escapedText(reason.slice(from, m.index)));
    let value: string;
    try {
      value = JSON.parse(m[0]) as string;
    } catch {
      value = m[0].slice(1, -1);
    }
    parts.push(<DataText key={m.index} text={hide ? '…' : value} />);
    from = m.index + m[0].length;
  }
  parts.push(escapedText(reason.slice(from)));
  return <>{parts}</>;
}

/** Stands for a file's or a link's text in a translated sentence; replaced by {@link DataText}. */
export const DATA_SLOT = '\u0000data\u0000';

/**
 * A translated sentence whose `{name}` was given {@link DATA_SLOT}: the sentence as text, the
 * slot as `data` ({@link DataText} cut to `max`, or the page's own words when `own`).
 */
export function WithData({ sentence, data, own = false, max }: { readonly sentence: string; readonly data: string; readonly own?: boolean; readonly max?: number }) {
  const [before, ...after] = sentence.split(DATA_SLOT);
  return (
    <>
      {before}
      {after.length > 0 ? own ? data : <DataText text={data} max={max} /> : null}
      {after.join('')}
    </>
  );
}
