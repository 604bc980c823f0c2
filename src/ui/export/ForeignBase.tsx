import { useT } from '../i18n';
import { DATA_SLOT, DataText } from '../primitives';
import { chooseForeignBase, hostOf, type ResolvedBase } from './publicBase';

/**
 * The question a foreign `?base=` asks before Copy link or the QR code send anyone to it: the
 * other site and this one named, then a choice. Declining keeps the page's own address.
 */
export function ForeignBaseAsk({ base, onChosen, testId }: { readonly base: ResolvedBase; readonly onChosen: () => void; readonly testId: string }) {
  const t = useT();
  const choose = (use: 'foreign' | 'own') => {
    chooseForeignBase(base.base, use);
    onChosen();
  };
  const [before, middle, after] = t('base.foreignAsk', { site: DATA_SLOT, own: DATA_SLOT }).split(DATA_SLOT);
  return (
    <div className="qr-dialog__warning foreign-base" role="alertdialog" aria-label={t('base.foreignTitle')} data-testid={testId}>
      <p>
        {before}
        <DataText text={hostOf(base.base)} testId={`${testId}-site`} />
        {middle}
        <DataText text={hostOf(base.own)} />
        {after}
      </p>
      <span className="foreign-base__choice">
        <button type="button" className="button button--small button--primary" data-testid={`${testId}-own`} onClick={() => choose('own')}>
          {t('base.foreignOwn')}
        </button>
        <button type="button" className="button button--small" data-testid={`${testId}-foreign`} onClick={() => choose('foreign')}>
          {t('base.foreignUse')}
        </button>
      </span>
    </div>
  );
}
