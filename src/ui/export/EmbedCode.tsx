/**
 * "Copy embed code": the `<iframe>` snippet that shows one panel of this
 * run in a blog post or a slide. The reader picks the panel and whether the embed may be
 * changed; the snippet is shown (selectable) and copied.
 */
import { useId, useMemo, useState } from 'react';
import { embedFragment, linkFor, parseEmbedPanel, useShardScope, type EmbedPanel } from '../../state';
import { useT } from '../i18n';

/** The `<iframe>` snippet for a page address, a panel and a state fragment. */
export function iframeSnippet(pageUrl: string, panel: EmbedPanel, stateHash: string, interactive: boolean, title: string): string {
  const src = `${pageUrl.replace(/#.*$/, '')}${embedFragment(panel, stateHash, interactive)}`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${esc(src)}" width="800" height="450" style="border:0" loading="lazy" title="${esc(title)}"></iframe>`;
}

export function EmbedCode() {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="embed-code">
      <button type="button" className="button" data-testid="embed-code-toggle" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen((o) => !o)}>
        {t('embed.button')}
      </button>
      {open ? <EmbedForm id={`${id}-form`} /> : null}
    </span>
  );
}

/**
 * The opened form. A component of its own, so that the link (a deflate of the whole state:
 * tens of milliseconds with 64 long selectors) is built only while the form is open, and then
 * only when the parameters or the view change, not on every frame the page draws.
 */
function EmbedForm({ id }: { id: string }) {
  const t = useT();
  const [panelName, setPanelName] = useState('hash');
  const [interactive, setInteractive] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const params = useShardScope((s) => s.params);
  const view = useShardScope((s) => s.view);
  const link = useMemo(() => linkFor({ params, view: { ...view, presentation: false } }), [params, view]);
  const panel = parseEmbedPanel(panelName) ?? { kind: 'hash' as const };
  const names = ['hash', 'bandwidth', 'flow', ...Array.from({ length: params.replicas }, (_, i) => `card:${i}`)];
  const label = (n: string) => (n.startsWith('card:') ? t('embed.panel.card', { replica: `replica-${n.slice(5)}` }) : t(`embed.panel.${n}` as 'embed.panel.hash'));
  const snippet = link.ok && typeof location === 'object' ? iframeSnippet(location.href, panel, link.hash, interactive, t('embed.title', { panel: label(panelName) })) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied('yes');
    } catch {
      // No clipboard permission: the snippet is shown, selected, to copy by hand.
      setCopied('no');
    }
  };
  return (
    <span className="embed-code__form" id={id} role="group" aria-label={t('embed.button')}>
      <label className="embed-code__row">
        {t('embed.panel')}
        <select className="field__input" data-testid="embed-panel" value={panelName} onChange={(e) => setPanelName(e.target.value)}>
          {names.map((n) => (
            <option key={n} value={n}>
              {label(n)}
            </option>
          ))}
        </select>
      </label>
      <label className="embed-code__row embed-code__check">
        <input type="checkbox" data-testid="embed-interactive" checked={interactive} onChange={(e) => setInteractive(e.target.checked)} />
        {t('embed.interactive')}
      </label>
      {link.ok ? (
        <>
          <textarea className="embed-code__snippet" data-testid="embed-code" readOnly rows={4} value={snippet} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--primary" data-testid="copy-embed-code" onClick={() => void copy()}>
            {t('embed.copy')}
          </button>
          {copied ? (
            <span role="status" className="embed-code__status">
              {copied === 'yes' ? t('embed.copied') : t('embed.copyFailed')}
            </span>
          ) : null}
        </>
      ) : (
        <span role="status">{t('embed.tooLong')}</span>
      )}
    </span>
  );
}
