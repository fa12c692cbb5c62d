import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import orderResource from '../../../resources/pay/order.ts';
import { actionUrl } from '../../../resources/naming.ts';
import { useAdmin } from '../context.ts';
import { ConfirmDialog, CrudPage, type Row } from '../crud/index.ts';

const def = orderResource;

interface Refunding {
  row: Row;
  reload(): Promise<void>;
}

/**
 * Top-up orders: the generic list (quick search by order number or member, filters by status, provider and
 * dates) with a Refund button on paid orders (and on one stuck refunding, to retry), behind a confirmation.
 */
export default function PayOrders() {
  const { request, auth } = useAdmin();
  const { t } = useTranslation(['pay', 'resources']);
  const [refunding, setRefunding] = useState<Refunding | null>(null);
  const [busy, setBusy] = useState(false);

  async function refund(): Promise<void> {
    if (!refunding) return;
    setBusy(true);
    try {
      await request(actionUrl(def, 'refund'), { method: 'POST', body: { id: refunding.row.id } }, { showSuccessMessage: true });
      setRefunding(null);
    } catch {
      // The request client showed why (balance spent, provider refused); the dialog closes either way.
      setRefunding(null);
    } finally {
      setBusy(false);
      await refunding.reload();
    }
  }

  return (
    <>
      <CrudPage
        def={def}
        without={['add', 'edit', 'del', 'sortable']}
        rowActions={(row, reload) =>
          auth('refund') && (row.status === 'paid' || row.status === 'refunding') ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              data-action="refund"
              aria-label={`${t('orders.refund')} ${String(row.order_no)}`}
              onClick={() => setRefunding({ row, reload })}
            >
              <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
              {t('orders.refund')}
            </button>
          ) : null
        }
      />
      {refunding && (
        <ConfirmDialog
          title={t('orders.refundTitle')}
          message={t('orders.refundText', {
            amount: refunding.row.amount,
            orderNo: refunding.row.order_no,
            provider: t(`resources:pay/order.options.provider.${String(refunding.row.provider)}`),
          })}
          confirmLabel={t('orders.refund')}
          danger
          busy={busy}
          onConfirm={() => void refund()}
          onCancel={() => setRefunding(null)}
        />
      )}
    </>
  );
}
