import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { BalancedRanges } from './BalancedRanges';
import { setYourClusterOpen, useYourClusterOpen } from './marker';
import { OwnerLookup } from './OwnerLookup';
import { Snippets } from './Snippets';
import './yourcluster.css';

const TABS = ['lookup', 'balance', 'code'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS = { lookup: 'yc.tabLookup', balance: 'yc.tabBalance', code: 'yc.tabCode' } as const;

/** Opens the panel (in the replicas' controls). */
export function YourClusterButton() {
  const t = useT();
  const open = useYourClusterOpen();
  return (
    <button type="button" className="button" data-testid="your-cluster-open" aria-expanded={open} onClick={() => setYourClusterOpen(!open)}>
      {t('yc.open')}
    </button>
  );
}

/**
 * "Your cluster": owner lookup, balanced ranges and code to take
 * away, in tabs, under the hash space so a looked-up hash is seen on the strip. Mounted only
 * while open; nothing it holds goes into the link.
 */
export function YourClusterPanel() {
  const open = useYourClusterOpen();
  return open ? <Panel /> : null;
}

function Panel() {
  const t = useT();
  const id = useId();
  const [tab, setTab] = useState<Tab>('lookup');
  const ref = useRef<HTMLElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ lookup: null, balance: null, code: null });
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
    ref.current?.querySelector<HTMLInputElement>('[data-testid="owner-lookup-input"]')?.focus({ preventScroll: true });
  }, []);
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <section ref={ref} className="panel yc" aria-labelledby={`${id}-title`} data-testid="your-cluster">
      <div className="panel__head">
        <div>
          <h2 id={`${id}-title`} className="panel__title">
            {t('yc.title')}
          </h2>
          <p className="panel__subtitle">{t('yc.subtitle')}</p>
        </div>
        <button type="button" className="button button--small" data-testid="your-cluster-close" onClick={() => setYourClusterOpen(false)}>
          {t('yc.close')}
        </button>
      </div>
      <div className="yc-tabs" role="tablist" aria-label={t('yc.title')} onKeyDown={onKey}>
        {TABS.map((k) => (
          <button
            key={k}
            ref={(el) => {
              tabRefs.current[k] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`${id}-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className={`yc-tab${tab === k ? ' is-selected' : ''}`}
            data-testid={`your-cluster-tab-${k}`}
            onClick={() => setTab(k)}
          >
            {t(TAB_LABELS[k])}
          </button>
        ))}
      </div>
      {/* Every tab stays mounted (a lookup or a computed split survives a look at the code). */}
      {TABS.map((k) => (
        <div key={k} role="tabpanel" id={`${id}-panel-${k}`} aria-labelledby={`${id}-tab-${k}`} hidden={tab !== k} className="yc-tabpanel">
          {k === 'lookup' ? <OwnerLookup /> : k === 'balance' ? <BalancedRanges /> : <Snippets />}
        </div>
      ))}
    </section>
  );
}
