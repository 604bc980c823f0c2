import { useEffect, useState } from 'react';
import { useT } from '../i18n';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label, testId, sourceId }: { text: string; label: string; testId?: string; sourceId?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(id);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission (an insecure origin, a locked-down browser): select the
      // text instead so Ctrl+C works.
      const el = sourceId ? document.getElementById(sourceId) : null;
      if (el) window.getSelection()?.selectAllChildren(el);
    }
  };
  return (
    <button type="button" className="button button--small" aria-label={label} data-testid={testId} onClick={() => void copy()}>
      {copied ? t('card.copied') : t('card.copy')}
    </button>
  );
}
