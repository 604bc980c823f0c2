import { useShardScope, useShardScopeStore, type ViewParams } from '../../state';
import { useT } from '../i18n';

/** Each language named in itself, so a reader finds their own whatever the page shows. */
const LANGUAGES: readonly { readonly value: ViewParams['locale']; readonly name: string }[] = [
  { value: 'en', name: 'English' },
  { value: 'zh-CN', name: '简体中文' },
];

/**
 * The language switch (issue 11). Only the words change: the run, its time and its link
 * state stay as they are.
 */
export function LanguageSwitch() {
  const t = useT();
  const store = useShardScopeStore();
  const locale = useShardScope((s) => s.view.locale);
  return (
    <select
      className="lang-switch"
      data-testid="lang-switch"
      aria-label={t('lang.label')}
      value={locale}
      onChange={(e) => store.getState().setLocale(e.target.value as ViewParams['locale'])}
    >
      {LANGUAGES.map((l) => (
        <option key={l.value} value={l.value} lang={l.value}>
          {l.name}
        </option>
      ))}
    </select>
  );
}
