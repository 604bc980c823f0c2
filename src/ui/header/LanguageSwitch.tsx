import { useEffect, useId, useRef, useState } from 'react';
import { useShardScope, useShardScopeStore, type ViewParams } from '../../state';
import { useT } from '../i18n';
import './lang-switch.css';

/** Each language named in itself, so a reader finds their own whatever the page shows. */
const LANGUAGES: readonly { readonly value: ViewParams['locale']; readonly name: string }[] = [
  { value: 'en', name: 'English' },
  { value: 'zh-CN', name: '简体中文' },
];

/**
 * The language switch: a globe button that opens the two languages, each named in
 * itself, so the header keeps one row at 1280x720 in either language. Only the words change:
 * the run, its time and its link state stay as they are. Escape or a click elsewhere closes it.
 */
export function LanguageSwitch() {
  const t = useT();
  const id = useId();
  const store = useShardScopeStore();
  const locale = useShardScope((s) => s.view.locale);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  const current = LANGUAGES.find((l) => l.value === locale) ?? LANGUAGES[0]!;
  const focusButton = () => ref.current?.querySelector<HTMLButtonElement>('[data-testid="lang-switch"]')?.focus();
  return (
    <span
      ref={ref}
      className="lang-switch"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          focusButton();
        }
      }}
    >
      <button
        type="button"
        className="button button--icon lang-switch__button"
        data-testid="lang-switch"
        data-value={locale}
        aria-label={`${t('lang.label')}: ${current.name}`}
        title={`${t('lang.label')}: ${current.name}`}
        aria-expanded={open}
        aria-controls={`${id}-items`}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 12h18M12 3c3 3.2 3 14.8 0 18M12 3c-3 3.2-3 14.8 0 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <span id={`${id}-items`} className="lang-switch__items" role="group" aria-label={t('lang.label')} hidden={!open}>
        {LANGUAGES.map((l) => (
          <button
            key={l.value}
            type="button"
            className="button button--small lang-switch__option"
            data-testid={`lang-option-${l.value}`}
            lang={l.value}
            aria-pressed={l.value === locale}
            onClick={() => {
              setOpen(false);
              store.getState().setLocale(l.value);
              focusButton();
            }}
          >
            {l.name}
          </button>
        ))}
      </span>
    </span>
  );
}
