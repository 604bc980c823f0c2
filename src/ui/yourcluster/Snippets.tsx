import { useId, useMemo, useState } from 'react';
import { SNIPPET_NAMES, generateSnippets, type SnippetName } from '../../sim/client';
import { CopyButton } from '../primitives';
import { useT } from '../i18n';
import { usePanelLayout } from './layout';

const TITLES: Record<SnippetName, `yc.snippet.${SnippetName}`> = Object.fromEntries(SNIPPET_NAMES.map((n) => [n, `yc.snippet.${n}`])) as Record<SnippetName, `yc.snippet.${SnippetName}`>;
const NOTES: Record<SnippetName, `yc.snippetNote.${SnippetName}`> = Object.fromEntries(SNIPPET_NAMES.map((n) => [n, `yc.snippetNote.${n}`])) as Record<SnippetName, `yc.snippetNote.${SnippetName}`>;
const LANGUAGE = { go: 'Go', yaml: 'YAML', shell: 'shell', promql: 'PromQL' } as const;

/**
 * Code to take away, generated for the replica layout on screen, each
 * snippet with a Copy button. A layout with a rejected or empty selector generates nothing and
 * says which replica stands in the way.
 */
export function Snippets() {
  const t = useT();
  const layout = usePanelLayout();
  const n = layout.texts.length;
  const [replicaDraft, setReplica] = useState(0);
  const replica = Math.min(replicaDraft, Math.max(0, n - 1));
  const result = useMemo(() => generateSnippets({ key: layout.key, selectors: layout.texts, replica }), [layout.key, layout.texts, replica]);
  const id = useId();

  if (!result.ok) {
    const who = `replica-${result.refusal.replica}`;
    return (
      <p className="banner banner--warn" role="status" data-testid="snippets-refused">
        {result.refusal.message === null ? t('yc.snippetsRefusedEmpty', { replica: who }) : t('yc.snippetsRefused', { replica: who, message: result.refusal.message })}
      </p>
    );
  }
  return (
    <div className="yc-snippets" data-testid="snippets" data-replicas={n}>
      <p className="yc-help">{t('yc.snippetsHelp', { count: n, key: layout.key })}</p>
      {result.snippets.map((s) => (
        <section key={s.name} className="yc-snippet" data-testid={`snippet-${s.name}`} aria-labelledby={`${id}-${s.name}`}>
          <header className="yc-snippet__head">
            <h4 id={`${id}-${s.name}`}>{t(TITLES[s.name])}</h4>
            <span className="yc-snippet__lang">{LANGUAGE[s.language]}</span>
            {s.name === 'kubectl' ? (
              <label className="yc-snippet__replica">
                {t('yc.snippetReplica')}{' '}
                <select data-testid="snippet-replica" value={replica} onChange={(e) => setReplica(Number(e.target.value))}>
                  {layout.texts.map((_, i) => (
                    <option key={i} value={i}>
                      replica-{i}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <CopyButton text={s.code} label={t('yc.copySnippet', { name: t(TITLES[s.name]) })} testId="snippet-copy" sourceId={`${id}-${s.name}-code`} />
          </header>
          <p className="yc-muted">{t(NOTES[s.name])}</p>
          <pre id={`${id}-${s.name}-code`} className="code yc-snippet__code" data-testid="snippet-code" tabIndex={0} aria-labelledby={`${id}-${s.name}`}>
            {s.code}
          </pre>
        </section>
      ))}
    </div>
  );
}
