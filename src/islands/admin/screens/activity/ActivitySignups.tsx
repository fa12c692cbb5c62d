import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import rosterResource from '../../../../resources/content/activitySignup.ts';
import { actionUrl } from '../../../../resources/naming.ts';
import { useAdmin } from '../../context.ts';
import { ConfirmDialog, CrudPage, type Row } from '../../crud/index.ts';
import { CheckInDialog } from './CheckInDialog.tsx';

interface Cancelling {
  row: Row;
  reload(): Promise<void>;
}

/**
 * The roster: the generic list of sign-ups (filter by activity, member, status and check-in), with a Check in
 * button for the door and, on sign-ups still standing, Cancel (the fee refunded, the next in line promoted).
 */
export default function ActivitySignups() {
  const { t } = useTranslation('activity');
  const { request, auth } = useAdmin();
  const [checkingIn, setCheckingIn] = useState<{ reload(): Promise<void> } | null>(null);
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [busy, setBusy] = useState(false);

  async function cancel(): Promise<void> {
    if (!cancelling) return;
    setBusy(true);
    try {
      await request(actionUrl(rosterResource, 'cancel'), { method: 'POST', body: { id: cancelling.row.id } }, { showSuccessMessage: true });
    } catch {
      // The request client showed why.
    } finally {
      setBusy(false);
      setCancelling(null);
      await cancelling.reload();
    }
  }

  const memberOf = (row: Row) => String((row.user as Row | undefined)?.nickname ?? row.user_id);
  return (
    <>
      <CrudPage
        def={rosterResource}
        toolbar={(reload) =>
          auth('checkIn') ? (
            <button type="button" className="btn btn-primary btn-sm" data-action="check-in" onClick={() => setCheckingIn({ reload })}>
              <i className="bi bi-qr-code-scan me-1" aria-hidden="true" />
              {t('checkin.open')}
            </button>
          ) : null
        }
        rowActions={(row, reload) =>
          auth('cancel') && (row.status === 'confirmed' || row.status === 'waitlisted') ? (
            <button type="button" className="btn btn-sm btn-outline-danger" data-action="cancel-signup" aria-label={`${t('roster.cancel')} ${memberOf(row)}`} onClick={() => setCancelling({ row, reload })}>
              {t('roster.cancel')}
            </button>
          ) : null
        }
      />
      {checkingIn && (
        <CheckInDialog
          onClose={() => {
            setCheckingIn(null);
            void checkingIn.reload();
          }}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('roster.cancelTitle')}
          message={t('roster.cancelText', { member: memberOf(cancelling.row), title: String(cancelling.row.title ?? '') })}
          confirmLabel={t('roster.cancel')}
          danger
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
    </>
  );
}
