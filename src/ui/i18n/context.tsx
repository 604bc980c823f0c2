/**
 * i18n for React: a context carrying the locale, and hooks returning the translator and the
 * number formatters. Without a provider the locale is English, so components render in tests.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { createTranslator, type Locale, type Translate } from '../../i18n/translate';
import { formatters, type Formatters } from '../../i18n/format';

const LocaleContext = createContext<Locale>('en');

/** Sets the locale for everything below it. */
export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** The translator of the current locale: `t('header.play')`. */
export function useT(): Translate {
  return createTranslator(useContext(LocaleContext));
}

/** Number, byte and ratio formatters of the current locale. */
export function useFormat(): Formatters {
  return formatters(useContext(LocaleContext));
}

/** The current locale (for `lang` attributes and Intl calls). */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}
