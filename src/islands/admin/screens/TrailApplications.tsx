import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatKm } from '../../../components/content/format.ts';
import trailApplication from '../../../resources/content/trailApplication.ts';
import { actionUrl } from '../../../resources/naming.ts';
import type { AccountLabel } from '../../../shared/account.ts';
import { withLang } from '../../../shared/i18n/links.ts';
import { localizedText } from '../../../shared/localized.ts';
import { reviewSchema, type ApplicationStatus, type MemberApplication } from '../../../shared/schemas/trail.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';
import { CrudPage, Modal, RecordState, useResourceLabels, type Row } from '../crud/index.ts';

const def = trailApplication;
const BADGE: Record<ApplicationStatus, string> = { pending: 'text-bg-warning', approved: 'text-bg-success', rejected: 'text-bg-danger' };

/** GET edit: the application with its member, photos as a list, and the names of what it points at. */
interface Application extends Pick<MemberApplication, 'id' | 'title' | 'status' | 'remark' | 'review_time' | 'create_time' | 'trail_id'> {
  title_en: string;
  summary: string | null;
  summary_en: string | null;
  route: string | null;
  route_en: string | null;
  length_km: number | null;
  duration_min: number | null;
  difficulty: string;
  photos: string[];
  user: Pick<AccountLabel, 'username' | 'nickname'>;
  canal?: { name: string | null; name_en: string | null };
  city?: { name: string | null; name_en: string | null };
  admin?: { nickname: string | null };
}

function Fact({ label, lang, children }: { label: string; lang?: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-3 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-9" lang={lang}>{children}</dd>
    </>
  );
}

type Decision = 'approve' | 'reject';

/**
 * The member's texts in both languages, each marked with its language. An English member's application
 * keeps their English in the Chinese columns where they gave no Chinese: said so rather than shown twice.
 */
function BothLanguages({ row }: { row: Application }) {
  const { t } = useTranslation('trail');
  const chinese = (name: 'title' | 'summary' | 'route', html = false) => {
    const text = row[name] ?? '';
    if (text && text === row[`${name}_en`]) return t('admin.sameAsEnglish');
    if (!text) return t('admin.none');
    return html ? <div className="border rounded p-2 small" dangerouslySetInnerHTML={{ __html: text }} /> : text;
  };
  const english = (name: 'title' | 'summary' | 'route', html = false) => {
    const text = row[`${name}_en`] ?? '';
    if (!text) return t('admin.none');
    return html ? <div className="border rounded p-2 small" dangerouslySetInnerHTML={{ __html: text }} /> : text;
  };
  return (
    <dl className="row mb-3" data-review-texts="">
      <Fact label={t('admin.titleZh')} lang="zh-CN">{chinese('title')}</Fact>
      <Fact label={t('admin.titleEn')} lang="en">{english('title')}</Fact>
      <Fact label={t('admin.summaryZh')} lang="zh-CN">{chinese('summary')}</Fact>
      <Fact label={t('admin.summaryEn')} lang="en">{english('summary')}</Fact>
      {/* Members write plain text; the server escaped it into paragraphs and sanitised the result. */}
      <Fact label={t('admin.routeZh')} lang="zh-CN">{chinese('route', true)}</Fact>
      <Fact label={t('admin.routeEn')} lang="en">{english('route', true)}</Fact>
    </dl>
  );
}

/** One application in full, with the remark box and the decision buttons the admin's rules allow. */
function ReviewPanel({ id, onClose, onDecided }: { id: string; onClose(): void; onDecided(): void }) {
  const { request, auth, lang, siteConfig } = useAdmin();
  const { t, i18n } = useTranslation(['trail', 'content']);
  const { fieldLabel, optionLabel } = useResourceLabels(def);
  const [row, setRow] = useState<Application | null>(null);
  const [failed, setFailed] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<Decision | null>(null);
  const remarkRef = useRef<HTMLTextAreaElement>(null);
  const contentT = i18n.getFixedT(i18n.language, 'content');
  const field = (name: string) => def.fields.find((f) => f.name === name)!;

  useEffect(() => {
    let current = true;
    request<{ row: Application }>(actionUrl(def, 'edit'), { params: { id } }, { showCodeMessage: false }).then(
      (answer) => current && setRow(answer.data.row),
      (error: unknown) => current && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [id, request]);

  async function decide(decision: Decision): Promise<void> {
    const checked = reviewSchema(decision === 'reject').safeParse({ id, remark });
    if (!checked.success) {
      setProblem(t(checked.error.issues[0]?.message ?? 'trail:error.remarkRequired'));
      remarkRef.current?.focus();
      return;
    }
    setProblem('');
    setBusy(decision);
    try {
      await request(actionUrl(def, decision), { method: 'POST', body: { id, remark } }, { showSuccessMessage: true });
      onDecided();
    } catch {
      // The request client showed the reason (e.g. decided by someone else meanwhile); the panel stays.
      setBusy(null);
    }
  }

  const pending = row?.status === 'pending';
  const canApprove = pending && auth('approve');
  const canReject = pending && auth('reject');
  const footer = (
    <>
      <button type="button" className="btn btn-outline-secondary me-auto" onClick={onClose} disabled={busy !== null}>
        {t('admin.close')}
      </button>
      {canReject && (
        <button type="button" className="btn btn-outline-danger" onClick={() => void decide('reject')} disabled={busy !== null} data-review="reject">
          {busy === 'reject' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('admin.reject')}
        </button>
      )}
      {canApprove && (
        <button type="button" className="btn btn-success" onClick={() => void decide('approve')} disabled={busy !== null} data-review="approve">
          {busy === 'approve' && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t('admin.approve')}
        </button>
      )}
    </>
  );

  return (
    <Modal title={row ? t('admin.reviewOf', { title: localizedText(row, 'title', lang).text }) : t('admin.review')} size="lg" onClose={() => busy === null && onClose()} footer={footer} initialFocus={canApprove || canReject ? 'textarea' : undefined}>
      <RecordState ready={row !== null} failure={failed}>
        {row && (
          <div data-review-panel={row.id}>
            <p>
              <span className={`badge ${BADGE[row.status]}`}>{optionLabel(field('status'), row.status)}</span>
            </p>
            <dl className="row mb-3">
              <Fact label={t('admin.member')}>
                {row.user.nickname} ({row.user.username})
              </Fact>
              <Fact label={t('admin.submitted')}>{formatTime(row.create_time, 'yyyy-mm-dd hh:MM', siteConfig.timeZone)}</Fact>
              <Fact label={fieldLabel('canal_id')}>{row.canal ? localizedText(row.canal, 'name', lang).text : ''}</Fact>
              <Fact label={fieldLabel('city_id')}>{(row.city && localizedText(row.city, 'name', lang).text) || t('admin.none')}</Fact>
              <Fact label={fieldLabel('length_km')}>{row.length_km === null ? t('admin.none') : formatKm(contentT, Number(row.length_km))}</Fact>
              <Fact label={fieldLabel('duration_min')}>{row.duration_min === null ? t('admin.none') : formatDuration(contentT, Number(row.duration_min))}</Fact>
              <Fact label={fieldLabel('difficulty')}>{optionLabel(field('difficulty'), row.difficulty)}</Fact>
            </dl>
            <BothLanguages row={row} />
            <h3 className="h6">{t('admin.photos')}</h3>
            <ul className="list-unstyled row g-2 mb-3">
              {row.photos.map((url, i) => (
                <li key={url} className="col-6 col-md-4">
                  <a href={siteConfig.cdnUrl + url} target="_blank" rel="noopener noreferrer">
                    <img src={siteConfig.cdnUrl + url} alt={t('admin.photoN', { n: i + 1 })} className="img-fluid rounded border" style={{ aspectRatio: '4 / 3', objectFit: 'cover', width: '100%' }} />
                  </a>
                </li>
              ))}
            </ul>
            {pending ? (
              (canApprove || canReject) && (
                <div>
                  <label className="form-label" htmlFor={`review-remark-${row.id}`}>
                    {t('admin.remark')}
                  </label>
                  <textarea
                    ref={remarkRef}
                    id={`review-remark-${row.id}`}
                    className={`form-control${problem ? ' is-invalid' : ''}`}
                    rows={3}
                    maxLength={500}
                    value={remark}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={`review-remark-${row.id}-hint${problem ? ` review-remark-${row.id}-error` : ''}`}
                    onChange={(e) => setRemark(e.target.value)}
                  />
                  <div id={`review-remark-${row.id}-hint`} className="form-text">
                    {t('admin.remarkHint')}
                  </div>
                  {problem && (
                    <div id={`review-remark-${row.id}-error`} className="invalid-feedback d-block">
                      {problem}
                    </div>
                  )}
                </div>
              )
            ) : (
              <dl className="row mb-0">
                <Fact label={t('admin.reviewer')}>{row.admin?.nickname ?? ''}</Fact>
                <Fact label={t('admin.reviewed')}>{formatTime(row.review_time, 'yyyy-mm-dd hh:MM', siteConfig.timeZone)}</Fact>
                <Fact label={t('admin.remark')}>{row.remark || t('admin.none')}</Fact>
                {row.trail_id !== null && (
                  <Fact label={t('admin.trail')}>
                    <a href={withLang(`/trail/info?id=${row.trail_id}`, lang)} target="_blank" rel="noopener noreferrer">
                      {t('admin.openTrail')} (#{row.trail_id})
                    </a>
                  </Fact>
                )}
              </dl>
            )}
          </div>
        )}
      </RecordState>
    </Modal>
  );
}

/**
 * Members' trail applications: the generic list (quick search by title, filter by status, delete) with a
 * Review button per row that opens the proposal with Approve / Reject, each shown only with its rule.
 * Applications are never edited through the generic form: the member's proposal is what gets reviewed.
 */
export default function TrailApplications() {
  const { auth } = useAdmin();
  const { t } = useTranslation('trail');
  const [reviewing, setReviewing] = useState<string | null>(null);
  const reloadList = useRef<() => Promise<void>>(() => Promise.resolve());

  return (
    <>
      <CrudPage
        def={def}
        without={['add', 'edit', 'sortable']}
        rowActions={(row: Row, reload) => {
          // The panel reads the application through GET edit, so it needs the edit (view) rule.
          if (!auth('edit')) return null;
          const id = String(row[def.pk]);
          return (
            <button
              type="button"
              className="btn btn-sm btn-outline-success"
              data-action="review"
              aria-label={`${t('admin.review')} #${id}`}
              onClick={() => {
                reloadList.current = reload;
                setReviewing(id);
              }}
            >
              <i className="bi bi-clipboard-check me-1" aria-hidden="true" />
              {t('admin.review')}
            </button>
          );
        }}
      />
      {reviewing && (
        <ReviewPanel
          id={reviewing}
          onClose={() => setReviewing(null)}
          onDecided={() => {
            setReviewing(null);
            void reloadList.current();
          }}
        />
      )}
    </>
  );
}
