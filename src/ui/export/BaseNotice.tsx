import { useState } from 'react';
import { useT } from '../i18n';
import { currentBase } from './publicBase';
import { BaseProblemText } from './QrButton';

/**
 * A `?base=` in the page's address that is not a usable public address (tampered
 * with, mistyped) is said once, plainly, on the page; links and QR codes use the page's own
 * address (or the setting) instead, and the rest of the page is as it would be.
 */
export function BaseNotice() {
  const t = useT();
  const [base] = useState(() => currentBase());
  const [open, setOpen] = useState(true);
  if (!open || base.problem?.from !== 'query') return null;
  return (
    <div className="banner banner--warn banner--scroll" data-testid="base-notice">
      <BaseProblemText base={base} t={t} testId="base-notice-text" />
      <button type="button" className="button button--small" onClick={() => setOpen(false)}>
        {t('link.dismiss')}
      </button>
    </div>
  );
}
