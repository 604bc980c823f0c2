import qrcode from 'qrcode-generator';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { pageLinkFor, useShardScopeStore } from '../../state';
import { useT, type Translate } from '../i18n';
import { BASE_EVENT, checkBase, currentBase, hostOf, linkBase, readStoredBase, shareLink, storeBase, type ResolvedBase } from './publicBase';
import { ForeignBaseAsk } from './ForeignBase';
import { DATA_SLOT, DataText, WithData } from '../primitives';
import { shownText } from '../../sim';
import './export.css';
import './slides.css';

/** Pixels per QR module on screen (and quiet-zone modules around the code). */
const CELL = 6;
const MARGIN = 4;

/** The QR code of `text` (error correction M), or null when `text` is too long for any QR version. */
export function makeQr(text: string): QRCode | null {
  try {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    return qr;
  } catch {
    return null;
  }
}

type QRCode = ReturnType<typeof qrcode>;

/** Pixels of the band under a QR code that names the other site it goes to. */
const TARGET_BAND = 30;

/**
 * Paints `qr` into `canvas` (dark modules on white, with a quiet zone, as scanners expect);
 * `target`: the other site the code goes to, written under it in the picture itself, so an
 * audience sees where a projected code sends them.
 */
export function paintQr(canvas: HTMLCanvasElement, qr: QRCode, target: string | null = null): void {
  const n = qr.getModuleCount();
  const size = (n + 2 * MARGIN) * CELL;
  canvas.width = size;
  canvas.height = size + (target ? TARGET_BAND : 0);
  canvas.dataset.modules = String(n);
  if (target) canvas.dataset.target = target;
  else delete canvas.dataset.target;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, canvas.height);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect((c + MARGIN) * CELL, (r + MARGIN) * CELL, CELL, CELL);
  if (target) {
    ctx.font = 'bold 16px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(`→ ${target}`, size / 2, size + TARGET_BAND / 2 - 4, size - 2 * CELL);
  }
}

/**
 * QR code on demand: a header button opens a dialog with a QR code of the short link
 * to this exact run, drawn locally on a canvas (qrcode-generator; no network, no image URL).
 */
export function QrButton() {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const q = useQrDialog(canvasRef, closeRef, openerRef);
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button button--icon"
        data-testid="qr-button"
        aria-label={t('qr.open')}
        title={t('qr.open')}
        aria-haspopup="dialog"
        onClick={q.show}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 3h8v8H3zM5 5v4h4V5zM13 3h8v8h-8zM15 5v4h4V5zM3 13h8v8H3zM5 15v4h4v-4zM13 13h3v3h-3zM18 13h3v3h-3zM13 18h3v3h-3zM18 18h3v3h-3z" fill="currentColor" fillRule="evenodd" />
        </svg>
      </button>
      {q.open ? <QrDialog q={q} canvasRef={canvasRef} closeRef={closeRef} /> : null}
    </>
  );
}

/**
 * The dialog's state, kept by the button while the dialog is closed: the link and its QR code
 * (built on opening, and again when the public address changes), the address being typed and
 * why it was refused; focus moves into the dialog and back to the button. The button owns the
 * refs: the state handed to the dialog holds none.
 */
function useQrDialog(canvasRef: RefObject<HTMLCanvasElement | null>, closeRef: RefObject<HTMLButtonElement | null>, openerRef: RefObject<HTMLButtonElement | null>) {
  const t = useT();
  const store = useShardScopeStore();
  const [code, setCode] = useState<{ url: string; qr: QRCode; target: string | null } | null>(null);
  // A foreign ?base= waits for the reader's choice: no code until then.
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState(false);
  // The public address the link is built on, and the setting being typed.
  const [base, setBase] = useState<ResolvedBase | null>(null);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const build = () => {
    // Inside a story, the story's step: the audience scanning it lands in the talk.
    const b = currentBase();
    setBase(b);
    const at = linkBase(b);
    setAsking(at === null);
    if (at === null) {
      setCode(null);
      return;
    }
    const link = pageLinkFor(store.getState());
    const url = link.ok ? shareLink(at, link.hash) : null;
    const qr = url ? makeQr(url) : null;
    setCode(url && qr ? { url, qr, target: b.foreign && at === b.base ? shownText(hostOf(at), 40) : null } : null);
  };
  const show = () => {
    build();
    setDraft(readStoredBase() ?? '');
    setRefusal(null);
    setOpen(true);
  };
  const save = (text: string) => {
    const c = text.trim() === '' ? null : checkBase(text);
    if (c && !c.ok) {
      setRefusal(t('base.notSaved', { reason: t(`base.reason.${c.problem}`) }));
      return;
    }
    setRefusal(null);
    storeBase(text);
    setDraft(text.trim());
    build();
  };
  useEffect(() => {
    if (!open) return;
    const again = () => build();
    window.addEventListener(BASE_EVENT, again);
    return () => window.removeEventListener(BASE_EVENT, again);
  });
  const close = () => {
    setOpen(false);
    openerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    if (code && canvasRef.current) paintQr(canvasRef.current, code.qr, code.target);
    // The refs are the button's own, fixed for its life: this runs on opening and on a new code.
  }, [open, code, canvasRef, closeRef]);

  return { open, show, close, code, base, asking, build, draft, setDraft, refusal, save };
}

/** The dialog's state and actions, as {@link useQrDialog} gives them. */
type QrDialogState = ReturnType<typeof useQrDialog>;

/** The dialog: what the address is, the QR code and its link (or why there is none), the address setting, Close. */
function QrDialog({ q, canvasRef, closeRef }: { q: QrDialogState; canvasRef: RefObject<HTMLCanvasElement | null>; closeRef: RefObject<HTMLButtonElement | null> }) {
  const t = useT();
  const { base, code, close, asking, build } = q;
  return (
    <div className="dialog-backdrop" onClick={close}>
      <div
        className="dialog qr-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="qr-title"
        aria-describedby="qr-description"
        data-testid="qr-dialog"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') {
            e.preventDefault();
            close();
          } else if (e.key === 'Tab') {
            e.preventDefault();
            cycleFocus(e.currentTarget, e.shiftKey);
          }
        }}
      >
        <h2 id="qr-title">{t('qr.title')}</h2>
        {base ? <BaseSays base={base} t={t} /> : null}
        {asking && base ? (
          <ForeignBaseAsk base={base} onChosen={build} testId="qr-foreign" />
        ) : code ? (
          <>
            <p id="qr-description">{t('qr.description')}</p>
            <canvas ref={canvasRef} className="qr-dialog__code" data-testid="qr-code" role="img" aria-label={code.url} />
            <p className="qr-dialog__url" data-testid="qr-url">
              <code>{code.url}</code>
            </p>
          </>
        ) : (
          <p id="qr-description" role="alert">
            {t('qr.tooLong')}
          </p>
        )}
        <BaseForm q={q} />
        <button ref={closeRef} type="button" className="button button--primary" data-testid="qr-close" onClick={close}>
          {t('qr.close')}
        </button>
      </div>
    </div>
  );
}

/** Keeps focus inside `dialog`: from its last control to its first, and back. */
function cycleFocus(dialog: HTMLElement, back: boolean): void {
  const all = Array.from(dialog.querySelectorAll<HTMLElement>('input, button')).filter((el) => !(el as HTMLButtonElement).disabled);
  const i = all.indexOf(document.activeElement as HTMLElement);
  const next = back ? (i <= 0 ? all.length - 1 : i - 1) : i === all.length - 1 ? 0 : i + 1;
  all[next]?.focus();
}

/** The public address setting: typed, saved or cleared, and why it was refused. */
function BaseForm({ q }: { q: QrDialogState }) {
  const t = useT();
  const { base, draft, setDraft, refusal, save } = q;
  return (
    <form
      className="qr-dialog__base"
      onSubmit={(e) => {
        e.preventDefault();
        save(draft);
      }}
    >
      <label htmlFor="qr-base">{t('base.label')}</label>
      <span className="qr-dialog__base-row">
        <input
          id="qr-base"
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://example.github.io/shardscope/"
          data-testid="qr-base"
          value={draft}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? 'qr-base-error' : undefined}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button--small" data-testid="qr-base-save">
          {t('base.save')}
        </button>
        {base?.source === 'setting' ? (
          <button type="button" className="button button--small" data-testid="qr-base-clear" onClick={() => save('')}>
            {t('base.clear')}
          </button>
        ) : null}
      </span>
      {refusal ? (
        <span id="qr-base-error" className="qr-dialog__warning" role="alert" data-testid="qr-base-error">
          {refusal}
        </span>
      ) : null}
    </form>
  );
}

/** What the QR dialog says about the address: only on this machine, a bad ?base=, or the public address in use. */
function BaseSays({ base, t }: { readonly base: ResolvedBase; readonly t: Translate }) {
  return (
    <>
      {base.problem ? <BaseProblemText base={base} t={t} testId="qr-base-problem" /> : null}
      {base.local ? (
        <p className="qr-dialog__warning" role="alert" data-testid="qr-local">
          {t('base.local')}
        </p>
      ) : base.foreign && linkBase(base) === base.base ? (
        <p className="qr-dialog__warning" role="alert" data-testid="qr-base-foreign">
          <WithData sentence={t('base.foreignUsing', { site: DATA_SLOT })} data={hostOf(base.base)} />
        </p>
      ) : base.source !== 'page' && linkBase(base) === base.base ? (
        <p className="qr-dialog__note" data-testid="qr-base-using">
          <WithData sentence={t('base.using', { base: DATA_SLOT })} data={base.base} />
        </p>
      ) : null}
    </>
  );
}

/** The sentence for a `?base=` or a setting that is not used, and why. */
export function BaseProblemText({ base, t, testId }: { readonly base: ResolvedBase; readonly t: Translate; readonly testId: string }) {
  if (!base.problem) return null;
  return (
    <p className="qr-dialog__warning" role="alert" data-testid={testId}>
      {/* The address as typed or linked is data: escaped and cut like a link's other parameters. */}
      <BaseProblemSentence sentence={t(base.problem.from === 'query' ? 'base.noticeQuery' : 'base.noticeSetting', { text: DATA_SLOT, reason: t(`base.reason.${base.problem.problem}`), base: DATA_SLOT })} text={base.problem.text} base={base.base} />
    </p>
  );
}

/** {@link BaseProblemText}'s sentence with the refused address (cut to 40) and the one used as code. */
function BaseProblemSentence({ sentence, text, base }: { readonly sentence: string; readonly text: string; readonly base: string }) {
  const [before, middle, after] = sentence.split(DATA_SLOT);
  return (
    <>
      {before}
      <DataText text={text} max={40} />
      {middle}
      <DataText text={base} />
      {after}
    </>
  );
}
