import { useEffect, useId, useState } from 'react';
import { pageLinkFor, useShardScopeStore, withLang, type LinkTooLong } from '../../state';
import { tooLongText } from './linkText';
import { useFormat, useT } from '../i18n';
import { currentBase, ForeignBaseAsk, linkBase, shareLink, type ResolvedBase } from '../export';
import { CheckIcon, LinkIcon } from '../primitives';

/**
 * Copy link: copies a link to this exact run, made from the current state (not read
 * from the address bar, which lags a change by a moment). When the run is too large for a
 * link it copies nothing and says why, with the same sentence as the page's banner.
 */
export function CopyLinkButton() {
  const t = useT();
  const f = useFormat();
  const id = useId();
  const store = useShardScopeStore();
  const [copied, setCopied] = useState(false);
  const [tooLong, setTooLong] = useState<LinkTooLong | null>(null);
  // A foreign ?base= asks where the link should go before anything is copied.
  const [asking, setAsking] = useState<ResolvedBase | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  // The message belongs to the state it was computed for: any change hides it, and so does
  // leaving the button or Escape (the banner in the page keeps saying it).
  useEffect(() => store.subscribe((s, prev) => (s.params !== prev.params ? setTooLong(null) : undefined)), [store]);

  const copy = async () => {
    // Inside a story, the story's step, so the link opens the talk where it is.
    const s = store.getState();
    const view = s.view;
    const link = pageLinkFor(s);
    if (!link.ok) {
      setTooLong(link);
      return;
    }
    setTooLong(null);
    const base = currentBase();
    const at = linkBase(base);
    setAsking(at === null ? base : null);
    if (at === null) return;
    // The language travels in the fragment; a `?lang=` of the address would contradict
    // it. The link is on the public address when one is set (`?base=` or the setting).
    const url = shareLink(at, withLang(link.hash, view.locale));
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: the address bar holds the same link once the change settles.
    }
  };

  return (
    <span className="copy-link">
      {/* An icon, so the header stays one row at 1280x720; its name is the label. */}
      <button
        type="button"
        className="button button--icon"
        data-testid="copy-link"
        aria-label={copied ? t('link.copied') : t('link.copy')}
        title={t('link.copyLabel')}
        aria-describedby={tooLong ? `${id}-why` : undefined}
        onClick={() => void copy()}
        onBlur={() => setTooLong(null)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          setTooLong(null);
          setAsking(null);
        }}
      >
        {copied ? <CheckIcon /> : <LinkIcon />}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? t('link.copied') : ''}
      </span>
      {asking ? (
        <span className="copy-link__message">
          <ForeignBaseAsk base={asking} onChosen={() => void copy()} testId="copy-link-foreign" />
        </span>
      ) : null}
      {tooLong ? (
        <span id={`${id}-why`} className="copy-link__message" role="alert" data-testid="copy-link-message">
          {tooLongText(t, f, tooLong)}
        </span>
      ) : null}
    </span>
  );
}
