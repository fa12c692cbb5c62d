import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shapeOfLabel, shapePath } from '../shared/captchaShapes.ts';
import { RequestError } from '../shared/request/client.ts';
import { CaptchaPicture, type CaptchaPoint } from './lib/CaptchaPicture.tsx';
import { browserRequest } from './lib/request.ts';

export interface ClickCaptchaProps {
  /** The caller's captcha id; the business call that follows sends it again with the clicks. */
  id: string;
  /** The server accepted the clicks: `captchaInfo` (`x,y-x,y;W;H`) is what the business call must send. */
  onSuccess(captchaInfo: string): void;
  /** The visitor closed the dialog without passing. */
  onCancel?(): void;
}

/** `data` of GET /api/common/clickCaptcha. */
interface CaptchaImage {
  id: string;
  text: string[];
  base64: string;
  width: number;
  height: number;
}

type Phase = 'loading' | 'ready' | 'checking' | 'passed' | 'error';

interface Notice {
  tone: 'danger' | 'success' | 'secondary';
  text: string;
}

/** One thing to click, as the prompt shows it: a character, or a shape as a small picture named for screen readers. */
function PromptItem({ label }: { label: string }) {
  const { t } = useTranslation('captcha');
  const shape = shapeOfLabel(label);
  if (!shape) return <span className="captcha-item">{label}</span>;
  return (
    <svg className="captcha-item" width="20" height="20" viewBox="-12 -12 24 24" role="img" aria-label={t(`shape.${shape}`)} data-shape={shape}>
      <path d={shapePath(shape, 20)} fill="currentColor" />
    </svg>
  );
}

/** Size of the server's images, used for the placeholder so the dialog does not jump when one arrives. */
const DEFAULT_WIDTH = 350;
const DEFAULT_HEIGHT = 200;
/** Time to read "Verified" before the caller moves on. */
const SUCCESS_DELAY_MS = 700;
const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The reference `info`: clicks in integer pixels of the shown image, then the shown size. */
function clickInfo(clicks: CaptchaPoint[], shownWidth: number, shownHeight: number): string {
  const points = clicks.map((c) => `${Math.round(c.fx * shownWidth)},${Math.round(c.fy * shownHeight)}`);
  return `${points.join('-')};${shownWidth};${shownHeight}`;
}

/**
 * The click captcha dialog (reference 4.1-4.3): shows the image and what to click, marks each click, checks
 * them with the server (without consuming the captcha) after the last one, and hands the clicks to the
 * caller on success. A failure loads a new image. Other islands render it directly when they need a check.
 */
export function ClickCaptcha({ id, onSuccess, onCancel }: ClickCaptchaProps) {
  const { t } = useTranslation('captcha');
  const titleId = useId();
  const promptId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [image, setImage] = useState<CaptchaImage | null>(null);
  const [clicks, setClicks] = useState<CaptchaPoint[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Answers to superseded loads (refresh pressed twice, dialog closed meanwhile) are dropped.
  const loadSeq = useRef(0);
  const alive = useRef(true);
  const successTimer = useRef<number | undefined>(undefined);
  // The latest callbacks, read when they fire: a parent re-rendering with new closures must not reload.
  const callbacks = useRef({ onSuccess, onCancel });
  useEffect(() => {
    callbacks.current = { onSuccess, onCancel };
  });

  const load = useCallback(
    async (keepNotice: boolean) => {
      const seq = ++loadSeq.current;
      setPhase('loading');
      setClicks([]);
      if (!keepNotice) setNotice(null);
      try {
        const answer = await browserRequest()<CaptchaImage>(
          '/api/common/clickCaptcha',
          { params: { id } },
          { showErrorMessage: false, showCodeMessage: false },
        );
        if (!alive.current || seq !== loadSeq.current) return;
        setImage(answer.data);
        setPhase('ready');
      } catch (error) {
        if (!alive.current || seq !== loadSeq.current) return;
        setPhase('error');
        setNotice({ tone: 'danger', text: error instanceof Error ? error.message : String(error) });
      }
    },
    [id],
  );

  const check = useCallback(
    async (info: string) => {
      setPhase('checking');
      try {
        await browserRequest()(
          '/api/common/checkClickCaptcha',
          { method: 'POST', body: { id, info, unset: false } },
          { showErrorMessage: false, showCodeMessage: false },
        );
        if (!alive.current) return;
        setPhase('passed');
        setNotice({ tone: 'success', text: t('success') });
        successTimer.current = window.setTimeout(() => callbacks.current.onSuccess(info), SUCCESS_DELAY_MS);
      } catch (error) {
        if (!alive.current) return;
        if (error instanceof RequestError && error.kind === 'code') {
          // The server deleted the failed captcha: the visitor needs a new image to try again.
          setNotice({ tone: 'danger', text: t('failed') });
          void load(true);
        } else {
          setPhase('error');
          setNotice({ tone: 'danger', text: error instanceof Error ? error.message : String(error) });
        }
      }
    },
    [id, load, t],
  );

  const cancel = useCallback(() => {
    window.clearTimeout(successTimer.current);
    callbacks.current.onCancel?.();
  }, []);

  useEffect(() => {
    alive.current = true;
    void load(false);
    return () => {
      alive.current = false;
      window.clearTimeout(successTimer.current);
    };
  }, [load]);

  // Modal behaviour: focus moves in and comes back, Escape closes, Tab stays inside, the page does not scroll.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        cancel();
      } else if (event.key === 'Tab') {
        const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        const inside = dialog.contains(document.activeElement);
        if (event.shiftKey && (!inside || document.activeElement === first || document.activeElement === dialog)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [cancel]);

  // The first image moves the focus from the dialog to the picture's grid: the keyboard can start choosing.
  useEffect(() => {
    if (phase === 'ready' && document.activeElement === dialogRef.current) gridRef.current?.focus();
  }, [phase]);

  const onPoint = (point: CaptchaPoint, shownWidth: number, shownHeight: number) => {
    if (phase !== 'ready' || !image) return;
    const next = [...clicks, point];
    setClicks(next);
    // A new attempt has begun: the previous failure message has served its purpose.
    setNotice(null);
    if (next.length === image.text.length) void check(clickInfo(next, shownWidth, shownHeight));
  };

  const width = image?.width ?? DEFAULT_WIDTH;
  const height = image?.height ?? DEFAULT_HEIGHT;
  const progress = image ? t('progress', { count: clicks.length, total: image.text.length }) : '';
  const status: Notice = notice ?? {
    tone: 'secondary',
    text: phase === 'loading' ? t('loading') : phase === 'checking' ? t('checking') : progress,
  };

  // Plain markup with card and utility classes: the public pages' Bootstrap build has no modal component.
  return (
    <div
      className="position-fixed top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center p-2 overflow-auto"
      style={{ zIndex: 1055, background: 'rgba(0, 0, 0, 0.5)' }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="card shadow w-100 m-auto"
        style={{ maxWidth: `calc(${width}px + 2rem + 2px)`, outline: 'none' }}
      >
        <div className="card-header d-flex align-items-center gap-2 py-2">
          <h2 className="h6 mb-0 me-auto" id={titleId}>
            {t('title')}
          </h2>
          <button type="button" className="btn btn-sm btn-link text-body text-decoration-none fs-5 lh-1 px-1 py-0" aria-label={t('close')} onClick={cancel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="card-body">
          <p className="fw-semibold mb-2 d-flex flex-wrap align-items-center gap-2" id={promptId} data-captcha-prompt="">
            {image ? (
              <>
                {t('prompt')}
                {image.text.map((label, i) => (
                  <PromptItem key={i} label={label} />
                ))}
              </>
            ) : (
              '\u00a0'
            )}
          </p>
          <CaptchaPicture
            src={image?.base64 ?? null}
            width={width}
            height={height}
            points={clicks}
            active={phase === 'ready'}
            dimmed={phase === 'loading'}
            promptId={promptId}
            gridRef={gridRef}
            onPoint={onPoint}
          />
          <p className={`small mt-2 mb-0 text-${status.tone}`} role="status" aria-live="polite">
            {status.text || '\u00a0'}
          </p>
        </div>
        <div className="card-footer d-flex justify-content-end gap-2 py-2">
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => void load(false)} disabled={phase === 'checking' || phase === 'passed'}>
            {t('refresh')}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" onClick={cancel}>
            {t('close')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * The same dialog as a page island, whose props arrive as JSON and so carry no callbacks: the outcome is
 * reported as bubbling DOM events on the island's element, `captcha-success` (detail `{id, captchaInfo}`)
 * and `captcha-cancel` (detail `{id}`), and the dialog closes.
 */
export default function ClickCaptchaIsland({ id }: { id: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(true);
  const report = (type: 'captcha-success' | 'captcha-cancel', detail: Record<string, string>) => {
    ref.current?.dispatchEvent(new CustomEvent(type, { bubbles: true, detail }));
    setOpen(false);
  };
  return (
    <div ref={ref}>
      {open && (
        <ClickCaptcha
          id={id}
          onSuccess={(captchaInfo) => report('captcha-success', { id, captchaInfo })}
          onCancel={() => report('captcha-cancel', { id })}
        />
      )}
    </div>
  );
}
