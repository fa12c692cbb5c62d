import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import rosterResource from '../../../../resources/content/activitySignup.ts';
import { actionUrl } from '../../../../resources/naming.ts';
import { normalizeCheckinCode } from '../../../../shared/activity.ts';
import { RequestError } from '../../../../shared/request/client.ts';
import { useAdmin } from '../../context.ts';
import { Modal } from '../../crud/index.ts';

/** What POST checkIn answers. */
interface CheckedIn {
  title: string;
  member: string;
  points: number;
}

type Outcome = { ok: true; message: string; points: number } | { ok: false; message: string };

/** The browser's QR reader where it has one (Chromium on Android, macOS...); others type or use a scanner. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function barcodeReader(): BarcodeReaderClass | null {
  return (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector ?? null;
}

/**
 * Checking members in at the door: a code typed, or read by a handheld scanner (which types it and presses
 * Enter), or by the camera where the browser reads QR codes. Each code is sent at once; the answer (who was
 * checked in, or why not) stays on screen and the field is ready for the next member.
 */
export function CheckInDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('activity');
  const { request } = useAdmin();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [camera, setCamera] = useState<'off' | 'on' | 'failed'>('off');
  const input = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const Reader = barcodeReader();

  async function submit(text = code): Promise<void> {
    if (busy || !text.trim()) return;
    setBusy(true);
    try {
      const answer = await request<CheckedIn>(actionUrl(rosterResource, 'checkIn'), { method: 'POST', body: { code: normalizeCheckinCode(text) } }, { showCodeMessage: false });
      setOutcome({ ok: true, message: answer.msg, points: answer.data.points });
      setCode('');
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof RequestError ? error.message : String(error) });
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  useEffect(() => {
    if (camera !== 'on' || !Reader || !video.current) return;
    const element = video.current;
    let stream: MediaStream | null = null;
    let stopped = false;
    let last = '';
    const reader = new Reader({ formats: ['qr_code'] });
    const scan = async () => {
      while (!stopped) {
        const [found] = await reader.detect(element).catch(() => []);
        if (found && found.rawValue !== last) {
          last = found.rawValue;
          await submit(found.rawValue);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        element.srcObject = media;
        await element.play();
        await scan();
      })
      .catch(() => setCamera('failed'));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
    // The scan loop is started once per camera session.
  }, [camera]);

  return (
    <Modal
      title={t('checkin.title')}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          {Reader && (
            <button type="button" className="btn btn-outline-secondary me-auto" onClick={() => setCamera(camera === 'on' ? 'off' : 'on')}>
              {t(camera === 'on' ? 'checkin.stopCamera' : 'checkin.camera')}
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('checkin.close')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !code.trim()}>
            {t('checkin.submit')}
          </button>
        </>
      }
    >
      <label className="form-label" htmlFor="checkin-code">
        {t('checkin.code')}
      </label>
      <input
        ref={input}
        id="checkin-code"
        className="form-control form-control-lg font-monospace"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        aria-describedby="checkin-hint"
      />
      <p className="form-text" id="checkin-hint">
        {t('checkin.hint')}
      </p>
      {camera === 'on' && <video ref={video} className="w-100 rounded mb-2" muted playsInline />}
      {camera === 'failed' && <p className="text-danger small">{t('checkin.cameraFailed')}</p>}
      <div aria-live="polite" data-checkin-outcome={outcome ? (outcome.ok ? 'ok' : 'refused') : undefined}>
        {outcome && (
          <div className={`alert ${outcome.ok ? 'alert-success' : 'alert-warning'} mb-0`}>
            {outcome.message}
            {outcome.ok && outcome.points > 0 && <span className="badge text-bg-success ms-2">{t('checkin.points', { points: outcome.points })}</span>}
          </div>
        )}
      </div>
    </Modal>
  );
}
