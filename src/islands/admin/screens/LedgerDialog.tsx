import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionUrl } from '../../../resources/naming.ts';
import type { FieldDef, ResourceDef } from '../../../resources/types.ts';
import { centsToYuan, yuanToCents, type AccountLabel, type UserInfo } from '../../../shared/account.ts';
import { RequestError, isCancelled, reportFailure } from '../../../shared/request/client.ts';
import { useAdmin } from '../context.ts';
import { randomId } from '../../lib/forms.ts';
import { Modal, RemoteSelect, SaveFooter, useResourceLabels } from '../crud/index.ts';

/** The column a ledger moves: the balance in yuan (two decimals) or the points (whole numbers). */
export type LedgerColumn = 'money' | 'score';

/** `data.user` of GET add?userId= (reference 3.8): the member and their current balance or points. */
type LedgerMember = AccountLabel & Partial<Pick<UserInfo, 'money' | 'score'>>;

/** The member is picked by "username(ID:n)", the label user/user adds to its lookups (reference 3.5). */
const MEMBER_FIELD: FieldDef = { name: 'user_id', type: 'remoteSelect', remote: { resource: 'user/user', labelField: 'nickname_text' } };
const MEMO_MAX = 255;

/** A typed change in stored units (cents or points); null unless it is a signed amount of the right form. */
function toUnits(column: LedgerColumn, text: string): number | null {
  const value = text.trim().replace(/^\+/, '');
  if (column === 'money') return yuanToCents(value);
  return /^-?\d{1,12}$/.test(value) ? Number(value) : null;
}

function showUnits(column: LedgerColumn, units: number): string {
  return column === 'money' ? centsToYuan(units) : String(units);
}

export interface LedgerDialogProps {
  def: ResourceDef;
  column: LedgerColumn;
  /** A member to start with (the list is filtered by one). */
  userId?: string;
  onClose(): void;
  onSaved(): void;
}

/**
 * Adds a ledger line: the member, their balance now and after the change, and a note. The preview is only
 * a preview: the server moves the balance in one transaction and refuses a negative result, and that
 * refusal is shown here with the balance read again.
 */
export function LedgerDialog({ def, column, userId: initialUser, onClose, onSaved }: LedgerDialogProps) {
  const { request } = useAdmin();
  const { t } = useTranslation('admin-screens-auth');
  const { fieldLabel } = useResourceLabels(def);
  const formId = `ledger-${useId().replace(/[^\w-]/g, '')}`;
  const [userId, setUserId] = useState(initialUser ?? '');
  const [member, setMember] = useState<LedgerMember | null>(null);
  const [memberProblem, setMemberProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [change, setChange] = useState('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'user_id' | 'change' | 'memo', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per intended change: a resubmit after a timeout or a lost connection reuses it, so
  // the server applies the change once; an answer from the server or an edit of the form starts a new one.
  const attemptKey = useRef<string | null>(null);
  useEffect(() => {
    attemptKey.current = null;
  }, [userId, change, memo]);

  // The chosen member's current balance (read again after a refusal: it may have moved meanwhile).
  useEffect(() => {
    setMember(null);
    setMemberProblem(null);
    if (!userId) return;
    let current = true;
    request<{ user: LedgerMember }>(actionUrl(def, 'add'), { params: { userId } }, { showCodeMessage: false, showErrorMessage: false }).then(
      (answer) => current && setMember(answer.data.user),
      (err: unknown) => current && reportFailure(err, setMemberProblem),
    );
    return () => {
      current = false;
    };
  }, [request, def, userId, version]);

  const units = toUnits(column, change);
  const balance = member ? (column === 'money' ? (yuanToCents(member.money ?? '0') ?? 0) : Number(member.score ?? 0)) : null;
  const after = balance !== null && units !== null ? balance + units : null;
  const unit = t(`ledger.${column}.unit`);

  async function submit(): Promise<void> {
    if (busy) return;
    const found: typeof errors = {};
    if (!userId) found.user_id = t('ledger.memberRequired');
    if (units === null) found.change = t(`ledger.${column}.invalid`);
    else if (units === 0) found.change = t('ledger.zero');
    if (!memo.trim()) found.memo = t('ledger.memoRequired');
    setErrors(found);
    setProblem(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const amount = change.trim().replace(/^\+/, '');
      attemptKey.current ??= randomId();
      await request(
        actionUrl(def, 'add'),
        { method: 'POST', body: { user_id: userId, [column]: amount, memo: memo.trim() }, headers: { 'Idempotency-Key': attemptKey.current } },
        { showSuccessMessage: true, showCodeMessage: false, showErrorMessage: false },
      );
      onSaved();
    } catch (err) {
      if (isCancelled(err)) return;
      if (err instanceof RequestError && err.kind === 'code') attemptKey.current = null;
      setProblem(err instanceof Error ? err.message : String(err));
      setVersion((v) => v + 1);
    } finally {
      setBusy(false);
    }
  }

  const feedback = (name: keyof typeof errors) =>
    errors[name] && (
      <div id={`${formId}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    );
  const describedBy = (name: keyof typeof errors, hint?: string) => [hint, errors[name] ? `${formId}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <Modal
      title={t(`ledger.${column}.title`)}
      onClose={() => {
        if (!busy) onClose();
      }}
      onSubmit={() => void submit()}
      footer={<SaveFooter busy={busy} onCancel={onClose} />}
    >
      <div data-ledger-form={def.name}>
        {problem && (
          <div className="alert alert-danger py-2" role="alert" data-ledger-problem="">
            {problem}
          </div>
        )}
        <div className="mb-3" data-column="user_id">
          <label htmlFor={`${formId}-user_id`} className="form-label">
            {fieldLabel('user_id')}
          </label>
          <RemoteSelect
            field={MEMBER_FIELD}
            id={`${formId}-user_id`}
            value={userId ? [userId] : []}
            onChange={(v) => {
              setUserId(v[v.length - 1] ?? '');
              setErrors(({ user_id: _, ...rest }) => rest);
              setProblem(null);
            }}
            invalid={!!errors.user_id}
            describedBy={describedBy('user_id')}
            required
          />
          {feedback('user_id')}
        </div>
        {memberProblem && (
          <div className="alert alert-warning py-2" role="alert">
            {memberProblem}
          </div>
        )}
        {userId && !member && !memberProblem && (
          <p className="text-body-secondary" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('ledger.loadingMember')}
          </p>
        )}
        {member && balance !== null && (
          <dl className="row mb-3 small" aria-live="polite">
            <dt className="col-6 fw-normal text-body-secondary">{t(`ledger.${column}.current`)}</dt>
            <dd className="col-6 mb-1 text-end fw-semibold" data-ledger-before="">
              {showUnits(column, balance)} {unit}
            </dd>
            <dt className="col-6 fw-normal text-body-secondary">{t(`ledger.${column}.after`)}</dt>
            <dd className={`col-6 mb-0 text-end fw-semibold${after !== null && after < 0 ? ' text-danger' : ''}`} data-ledger-after="">
              {after === null ? '—' : `${showUnits(column, after)} ${unit}`}
            </dd>
            {after !== null && after < 0 && (
              <dd className="col-12 mt-2 mb-0 text-danger" data-ledger-negative="">
                <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
                {t(`ledger.${column}.negative`)}
              </dd>
            )}
          </dl>
        )}
        <div className="mb-3" data-column="change">
          <label htmlFor={`${formId}-change`} className="form-label">
            {fieldLabel(column)}
          </label>
          <input
            id={`${formId}-change`}
            type="text"
            inputMode={column === 'money' ? 'decimal' : 'numeric'}
            className={`form-control${errors.change ? ' is-invalid' : ''}`}
            value={change}
            autoComplete="off"
            aria-invalid={!!errors.change || undefined}
            aria-describedby={describedBy('change', `${formId}-change-hint`)}
            onChange={(e) => {
              setChange(e.target.value);
              setErrors(({ change: _, ...rest }) => rest);
            }}
          />
          <div id={`${formId}-change-hint`} className="form-text">
            {t(`ledger.${column}.hint`)}
          </div>
          {feedback('change')}
        </div>
        <div data-column="memo">
          <label htmlFor={`${formId}-memo`} className="form-label">
            {fieldLabel('memo')}
          </label>
          <textarea
            id={`${formId}-memo`}
            className={`form-control${errors.memo ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={MEMO_MAX}
            value={memo}
            aria-invalid={!!errors.memo || undefined}
            aria-describedby={describedBy('memo')}
            onChange={(e) => {
              setMemo(e.target.value);
              setErrors(({ memo: _, ...rest }) => rest);
            }}
          />
          {feedback('memo')}
        </div>
      </div>
    </Modal>
  );
}
