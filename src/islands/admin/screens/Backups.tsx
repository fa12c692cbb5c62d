import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createTokenStore } from '../../../shared/request/tokens.ts';
import { rewriteAdminUrl } from '../../../shared/request/query.ts';
import { formatTime } from '../../../shared/time.ts';
import { ConfirmDialog } from '../crud/ConfirmDialog.tsx';
import { useAdmin } from '../context.ts';
import { fileSize } from './security/records.ts';

const BASE = '/admin/routine.Backup';
/** Backups and restores copy the whole site: far longer than an ordinary call may take. */
const LONG = { timeout: 30 * 60 * 1000 };

interface BackupItem {
  name: string;
  kind: 'manual' | 'daily' | 'pre-restore' | 'cli' | 'upload';
  createTime: number;
  bytes: number;
}

interface IndexData {
  list: BackupItem[];
  schedule: { time: string; keep: number };
}

interface CheckSummary {
  version: string;
  migration: string;
  createTime: number;
  databaseBytes: number;
  files: number;
  filesBytes: number;
}

type Pending = { action: 'restore'; item: BackupItem; summary: CheckSummary } | { action: 'del'; item: BackupItem };

/**
 * routine/backup: the site's backups (daily, manual, before each restore, uploaded), newest first. Back up now,
 * download, upload an archive, delete, and restore: the archive is checked first and its contents shown in the
 * confirmation, which says the current state is backed up before anything is replaced.
 */
export default function Backups() {
  const { t } = useTranslation('backup');
  const { request, adminBase, siteConfig } = useAdmin();
  const [data, setData] = useState<IndexData | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setData((await request<IndexData>(`${BASE}/index`)).data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [request]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one action at a time; the request client shows refusals and failures. */
  async function run(key: string, work: () => Promise<unknown>): Promise<void> {
    setBusy(key);
    try {
      await work();
      await load();
    } catch {
      // Already notified by the request client.
    } finally {
      setBusy(null);
    }
  }

  const create = () => run('create', () => request(`${BASE}/create`, { method: 'POST' }, { ...LONG, showSuccessMessage: true }));

  const askRestore = (item: BackupItem) =>
    run(`check:${item.name}`, async () => {
      const answer = await request<CheckSummary>(`${BASE}/verify`, { method: 'POST', body: { name: item.name } }, LONG);
      setPending({ action: 'restore', item, summary: answer.data });
    });

  async function confirm(): Promise<void> {
    if (!pending) return;
    const { action, item } = pending;
    await run(action, () => request(`${BASE}/${action}`, { method: 'POST', body: { name: item.name } }, { ...LONG, showSuccessMessage: true }));
    setPending(null);
  }

  /** Fetched with the token in a header (not in a URL that logs keep), then saved under the archive's name. */
  const download = (item: BackupItem) =>
    run(`download:${item.name}`, async () => {
      const token = createTokenStore(window.localStorage).get('admin', 'access');
      const url = `${rewriteAdminUrl(`${BASE}/download`, adminBase)}?name=${encodeURIComponent(item.name)}`;
      const res = await fetch(url, { headers: { server: 'true', batoken: token } });
      if (!res.ok || res.headers.get('content-type') !== 'application/gzip') {
        setNotice(t('screen.downloadFailed'));
        return;
      }
      setNotice(null);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = item.name;
      link.click();
      URL.revokeObjectURL(link.href);
    });

  function upload(file: File | undefined): void {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    void run('upload', () => request(`${BASE}/upload`, { method: 'POST', body }, { upload: true, showSuccessMessage: true }));
    if (fileInput.current) fileInput.current.value = '';
  }

  const size = (bytes: number) => {
    const s = fileSize(bytes);
    return `${s.value} ${s.unit}`;
  };
  const time = (seconds: number) => formatTime(seconds, undefined, siteConfig.timeZone);

  let body: ReactNode;
  if (!data) {
    body = failed ? (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
        {t('screen.loadFailed')}
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void load()}>
          {t('screen.retry')}
        </button>
      </div>
    ) : (
      <div className="text-body-secondary py-4" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('screen.loading')}
      </div>
    );
  } else if (data.list.length === 0) {
    body = <p className="text-body-secondary py-4 mb-0" data-backups-empty>{t('screen.empty')}</p>;
  } else {
    body = (
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('screen.time')}</th>
              <th scope="col">{t('screen.kind')}</th>
              <th scope="col" className="text-end">{t('screen.size')}</th>
              <th scope="col" className="d-none d-md-table-cell">{t('screen.name')}</th>
              <th scope="col" className="text-end">{t('screen.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((item) => (
              <tr key={item.name} data-backup={item.name}>
                <td className="text-nowrap">{time(item.createTime)}</td>
                <td>
                  <span className="badge text-bg-light border">{t(`kind.${item.kind}`)}</span>
                </td>
                <td className="text-end text-nowrap">{size(item.bytes)}</td>
                <td className="d-none d-md-table-cell small text-break text-body-secondary">{item.name}</td>
                <td className="text-end text-nowrap">
                  <div className="btn-group btn-group-sm" role="group" aria-label={t('screen.actionsOf', { name: item.name })}>
                    <button type="button" className="btn btn-outline-secondary" data-action="download" disabled={!!busy} onClick={() => void download(item)}>
                      {t('screen.download')}
                    </button>
                    <button type="button" className="btn btn-outline-warning" data-action="restore" disabled={!!busy} onClick={() => void askRestore(item)}>
                      {busy === `check:${item.name}` && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
                      {t('screen.restore')}
                    </button>
                    <button type="button" className="btn btn-outline-danger" data-action="del" disabled={!!busy} onClick={() => setPending({ action: 'del', item })}>
                      {t('screen.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div data-screen="backups" className="p-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <button type="button" className="btn btn-primary" data-action="create" disabled={!!busy} onClick={() => void create()}>
          {busy === 'create' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('screen.create')}
        </button>
        <label className={`btn btn-outline-secondary mb-0${busy ? ' disabled' : ''}`}>
          {busy === 'upload' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('screen.upload')}
          <input ref={fileInput} type="file" accept=".gz,.tgz,application/gzip" className="visually-hidden" data-backup-upload disabled={!!busy} onChange={(e) => upload(e.target.files?.[0])} />
        </label>
        {data && (
          <span className="text-body-secondary small ms-md-auto" data-backup-schedule>
            {data.schedule.time ? t('screen.schedule', { time: data.schedule.time, keep: data.schedule.keep }) : t('screen.noSchedule')}
          </span>
        )}
      </div>
      {notice && (
        <div className="alert alert-danger" role="alert">
          {notice}
        </div>
      )}
      {body}
      {pending?.action === 'restore' && (
        <ConfirmDialog
          title={t('screen.restoreTitle')}
          danger
          busy={busy === 'restore'}
          confirmLabel={t('screen.restoreConfirm')}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm()}
          message={
            <div data-restore-summary>
              <p>{t('screen.restoreIntro', { time: time(pending.summary.createTime) })}</p>
              <ul className="mb-3">
                <li>{t('screen.summaryVersion', { version: pending.summary.version, migration: pending.summary.migration })}</li>
                <li>{t('screen.summaryDatabase', { size: size(pending.summary.databaseBytes) })}</li>
                <li>{t('screen.summaryFiles', { count: pending.summary.files, size: size(pending.summary.filesBytes) })}</li>
              </ul>
              <p className="mb-0">{t('screen.restoreWarning')}</p>
            </div>
          }
        />
      )}
      {pending?.action === 'del' && (
        <ConfirmDialog
          danger
          busy={busy === 'del'}
          confirmLabel={t('screen.delete')}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirm()}
          message={t('screen.deleteConfirm', { name: pending.item.name })}
        />
      )}
    </div>
  );
}
