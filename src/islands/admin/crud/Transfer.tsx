import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionUrl } from '../../../resources/naming.ts';
import type { ImportReport } from '../../../resources/transfer.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import { buildQuery } from '../../../shared/request/query.ts';
import { reportFailure } from '../../../shared/request/client.ts';
import { downloadAdminFile } from '../../lib/download.ts';
import { useAdmin } from '../context.ts';
import { Modal } from './Modal.tsx';

/**
 * The list toolbar's Export and Import (src/resources/transfer.ts): the list as it is filtered, sorted and
 * searched, with the columns shown, as CSV or XLSX; a file in through a dry run, then the import.
 */

/** Downloads a file of the admin API; a refusal is shown where the caller says. */
function useDownload(onError: (message: string | null) => void) {
  const { adminBase, lang } = useAdmin();
  const [busy, setBusy] = useState(false);
  async function download(url: string): Promise<void> {
    setBusy(true);
    try {
      onError(await downloadAdminFile(url, adminBase, lang));
    } catch (err) {
      reportFailure(err, onError);
    } finally {
      setBusy(false);
    }
  }
  return { busy, download };
}

export interface ExportButtonsProps {
  def: ResourceDef;
  /** The list's current index parameters (without paging: every matching row leaves). */
  params: Record<string, unknown>;
  /** The columns shown, in their order. */
  columns: readonly string[];
}

export function ExportButtons({ def, params, columns }: ExportButtonsProps) {
  const { t } = useTranslation('staff');
  const [error, setError] = useState<string | null>(null);
  const { busy, download } = useDownload(setError);
  const url = (format: string) => {
    const { page: _page, limit: _limit, ...filters } = params;
    return `${actionUrl(def, 'export')}?${buildQuery({ ...filters, columns: columns.join(','), format })}`;
  };
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="btn-group btn-group-sm" role="group" aria-label={t('transfer.export')}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <button key={format} type="button" className="btn btn-outline-secondary" disabled={busy} onClick={() => void download(url(format))} data-toolbar={`export-${format}`}>
            {format === 'csv' && <i className="bi bi-download me-1" aria-hidden="true" />}
            {t(`transfer.exportAs.${format}`)}
          </button>
        ))}
      </span>
      {error && (
        <span className="text-danger small" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/** The report of an import or its dry run: counts, then each refused line with its column and reason. */
function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('staff');
  const refused = report.lines.filter((l) => l.status === 'refused');
  const summary = report.imported ? t('transfer.imported', { count: report.added }) : report.dryRun ? t('transfer.checked', { added: report.added, refused: report.refused }) : t('transfer.notImported', { refused: report.refused });
  return (
    <div data-import-report={report.dryRun ? 'dry-run' : 'import'}>
      <p className={refused.length ? 'text-danger' : 'text-success'} role="status">
        {summary}
      </p>
      {refused.length > 0 && (
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t('transfer.line')}</th>
              <th scope="col">{t('transfer.column')}</th>
              <th scope="col">{t('transfer.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {refused.map((l) => (
              <tr key={l.line} data-refused-line={l.line}>
                <td>{l.line}</td>
                <td>{l.column}</td>
                <td>{l.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Import: choose a file, check it (a dry run), and import it once no line is refused. */
export function ImportButton({ def, onImported }: { def: ResourceDef; onImported(): void }) {
  const { t } = useTranslation('staff');
  const { request } = useAdmin();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const template = useDownload(setError);

  async function send(dryRun: boolean): Promise<void> {
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    setError(null);
    try {
      const answer = await request<ImportReport>(actionUrl(def, 'import'), { method: 'POST', params: { dryRun: dryRun ? 1 : 0 }, body }, { upload: true, showCodeMessage: false });
      setReport(answer.data);
      if (answer.data.imported) onImported();
    } catch (err) {
      setReport(null);
      reportFailure(err, setError);
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    setOpen(false);
    setFile(null);
    setReport(null);
    setError(null);
  };
  const checked = report?.dryRun && report.refused === 0 && report.total > 0;
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(true)} data-toolbar="import">
        <i className="bi bi-upload me-1" aria-hidden="true" />
        {t('transfer.import')}
      </button>
      {open && (
        <Modal
          title={t('transfer.importTitle')}
          onClose={close}
          size="lg"
          footer={
            <>
              <button type="button" className="btn btn-outline-secondary" onClick={close}>
                {t(report?.imported ? 'transfer.done' : 'transfer.cancel')}
              </button>
              {!report?.imported && (
                <button type="button" className="btn btn-outline-primary" disabled={!file || busy} onClick={() => void send(true)} data-import="check">
                  {t('transfer.check')}
                </button>
              )}
              {!report?.imported && (
                <button type="button" className="btn btn-primary" disabled={!checked || busy} onClick={() => void send(false)} data-import="run">
                  {t('transfer.run', { count: report?.added ?? 0 })}
                </button>
              )}
            </>
          }
        >
          <p className="small text-body-secondary">
            {t('transfer.explain')}{' '}
            <button type="button" className="btn btn-link btn-sm p-0 align-baseline" disabled={template.busy} onClick={() => void template.download(actionUrl(def, 'importTemplate'))} data-import="template">
              {t('transfer.downloadTemplate')}
            </button>
          </p>
          <input
            type="file"
            className="form-control mb-3"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('transfer.file')}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
            }}
            data-import="file"
          />
          {error && (
            <p className="text-danger" role="alert">
              {error}
            </p>
          )}
          {report && <ImportReportView report={report} />}
        </Modal>
      )}
    </>
  );
}
