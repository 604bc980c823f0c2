import qrcode from 'qrcode-generator';
import { useEffect, useRef, useState } from 'react';
import { pageLinkFor, useShardScopeStore } from '../../state';
import { useT } from '../i18n';
import './export.css';

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

/** Paints `qr` into `canvas` (dark modules on white, with a quiet zone, as scanners expect). */
export function paintQr(canvas: HTMLCanvasElement, qr: QRCode): void {
  const n = qr.getModuleCount();
  const size = (n + 2 * MARGIN) * CELL;
  canvas.width = size;
  canvas.height = size;
  canvas.dataset.modules = String(n);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size, size);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect((c + MARGIN) * CELL, (r + MARGIN) * CELL, CELL, CELL);
}

/**
 * QR code on demand (issue 10): a header button opens a dialog with a QR code of the short link
 * to this exact run, drawn locally on a canvas (qrcode-generator; no network, no image URL).
 */
export function QrButton() {
  const t = useT();
  const store = useShardScopeStore();
  const [code, setCode] = useState<{ url: string; qr: QRCode } | null>(null);
  const [open, setOpen] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  const show = () => {
    // Inside a story, the story's step (issue 19): the audience scanning it lands in the talk.
    const link = pageLinkFor(store.getState());
    const url = link.ok ? location.href.split('#')[0] + link.hash : null;
    const qr = url ? makeQr(url) : null;
    setCode(url && qr ? { url, qr } : null);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    openerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    if (code && canvasRef.current) paintQr(canvasRef.current, code.qr);
  }, [open, code]);

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
        onClick={show}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 3h8v8H3zM5 5v4h4V5zM13 3h8v8h-8zM15 5v4h4V5zM3 13h8v8H3zM5 15v4h4v-4zM13 13h3v3h-3zM18 13h3v3h-3zM13 18h3v3h-3zM18 18h3v3h-3z" fill="currentColor" fillRule="evenodd" />
        </svg>
      </button>
      {open ? (
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
                // One control: keep focus inside the dialog.
                e.preventDefault();
                closeRef.current?.focus();
              }
            }}
          >
            <h2 id="qr-title">{t('qr.title')}</h2>
            {code ? (
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
            <button ref={closeRef} type="button" className="button button--primary" data-testid="qr-close" onClick={close}>
              {t('qr.close')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
