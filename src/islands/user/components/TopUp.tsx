import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { yuanToCents } from '../../../shared/account.ts';
import { ORDER_POLL_MS, type PayProvider, type TopupOptions, type TopupOrder } from '../../../shared/pay.ts';
import { RequestError } from '../../../shared/request/client.ts';
import { formatTime } from '../../../shared/time.ts';
import { browserRequest } from '../../lib/request.ts';
import { useMember } from '../context.ts';

type Options = TopupOptions & { open: TopupOrder | null };

const ICONS: Record<PayProvider, string> = { wechat: 'bi-wechat', alipay: 'bi-alipay' };

/** The amount chosen: the typed one when there is one, else the preset. */
function chosenAmount(preset: string, custom: string): string {
  return custom.trim() || preset;
}

/** An order being paid: its QR code, then the outcome, asked for every ORDER_POLL_MS until it is settled. */
function OrderPanel({ order: initial, onPaid, onDone }: { order: TopupOrder; onPaid(money: string): void; onDone(): void }) {
  const { t } = useTranslation('pay');
  const { site } = useMember();
  const [order, setOrder] = useState(initial);
  // Each poll re-reads the clock, so the code is taken away once the order expires.
  const [clock, setClock] = useState(() => Date.now());
  // The latest callback, without restarting the polling each time the parent renders.
  const paid = useRef(onPaid);
  paid.current = onPaid;
  const expired = order.status === 'pending' && order.expire_time * 1000 <= clock;

  useEffect(() => {
    if (order.status !== 'pending' || expired) return;
    let current = true;
    const timer = window.setInterval(() => {
      setClock(Date.now());
      browserRequest()<{ order: TopupOrder; money: string }>(
        '/api/pay/order',
        { params: { order_no: order.order_no } },
        { showErrorMessage: false, showCodeMessage: false },
      ).then(
        (answer) => {
          if (!current || answer.data.order.status === 'pending') return;
          setOrder(answer.data.order);
          if (answer.data.order.status === 'paid') paid.current(answer.data.money);
        },
        // A missed poll (offline a moment) is retried by the next one.
        () => undefined,
      );
    }, ORDER_POLL_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [order.status, order.order_no, expired]);

  const provider = t(`providers.${order.provider}`);
  return (
    <div className="text-center" data-order={order.order_no} data-status={order.status}>
      {order.status === 'pending' && !expired && (
        <>
          <p className="fw-semibold mb-2">{t('topup.scan', { provider, amount: order.amount })}</p>
          {/* The SVG comes from our server's QR encoder; it holds only paths. */}
          <div
            className="member-qr mx-auto mb-2 bg-white p-2 border rounded"
            style={{ maxWidth: 240 }}
            role="img"
            aria-label={t('topup.qrAlt', { orderNo: order.order_no })}
            dangerouslySetInnerHTML={{ __html: order.qr_svg }}
          />
          <p className="small text-body-secondary mb-1">{t('topup.orderNo', { orderNo: order.order_no })}</p>
          <p className="small text-body-secondary mb-2">{t('topup.expires', { time: formatTime(order.expire_time, 'yyyy-mm-dd hh:MM', site.timeZone) })}</p>
          <p className="mb-2" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('topup.waiting')}
          </p>
        </>
      )}
      {order.status === 'paid' && (
        <div className="alert alert-success" role="status" data-paid="">
          <i className="bi bi-check-circle me-2" aria-hidden="true" />
          {t('topup.paid', { amount: order.amount })}
        </div>
      )}
      {(order.status === 'closed' || expired) && (
        <div className="alert alert-secondary" role="status">
          {t('topup.closed')}
        </div>
      )}
      <button type="button" className="btn btn-outline-primary" onClick={onDone} data-action="again">
        {order.status === 'pending' && !expired ? t('topup.close') : t('topup.again')}
      </button>
    </div>
  );
}

/**
 * Topping up the balance: an amount (a preset or one typed within the limits) and a provider make an order;
 * its QR code is shown until the provider's notification marks it paid, when the balance updates in place.
 */
export function TopUp({ onPaid }: { onPaid(): void }) {
  const { t } = useTranslation('pay');
  const { user, updateUser } = useMember();
  const ids = useId();
  const [options, setOptions] = useState<Options | null>(null);
  const [failed, setFailed] = useState(false);
  const [preset, setPreset] = useState('');
  const [custom, setCustom] = useState('');
  const [provider, setProvider] = useState<PayProvider | ''>('');
  const [order, setOrder] = useState<TopupOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    browserRequest()<Options>('/api/pay/options').then(
      ({ data }) => {
        if (!current) return;
        setOptions(data);
        setPreset(data.amounts[0] ?? '');
        setProvider(data.providers[0] ?? '');
        setOrder(data.open);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const balance = (
    <p className="mb-3">
      {t('topup.balance')}: <strong className="fs-5" data-balance="">{user.money}</strong>
    </p>
  );
  if (failed || !options) return balance;
  if (options.providers.length === 0) {
    return (
      <>
        {balance}
        <p className="text-body-secondary small">{t('topup.unavailable')}</p>
      </>
    );
  }

  const amount = chosenAmount(preset, custom);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!options) return;
    const cents = yuanToCents(amount);
    const min = yuanToCents(options.min)!;
    const max = yuanToCents(options.max)!;
    if (cents === null || cents <= 0) return setProblem(t('amountInvalid'));
    if (cents < min || cents > max) return setProblem(t('amountRange', { min: options.min, max: options.max }));
    setProblem('');
    setBusy(true);
    try {
      const answer = await browserRequest()<{ order: TopupOrder }>('/api/pay/create', { method: 'POST', body: { provider, amount } }, { showCodeMessage: false });
      setOrder(answer.data.order);
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'code' && err.envelope) setProblem(err.envelope.msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="border rounded p-3 mb-4" aria-labelledby={`${ids}-title`} data-topup="">
      <h2 className="h6 fw-semibold" id={`${ids}-title`}>
        {t('topup.title')}
      </h2>
      {balance}
      {order ? (
        <OrderPanel
          key={order.order_no}
          order={order}
          onPaid={(money) => {
            updateUser({ ...user, money });
            onPaid();
          }}
          onDone={() => setOrder(null)}
        />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('topup.amount')}</legend>
            <div className="d-flex flex-wrap gap-2 mb-2">
              {options.amounts.map((a) => (
                <span key={a}>
                  <input
                    type="radio"
                    className="btn-check"
                    name="topup-amount"
                    id={`${ids}-amount-${a}`}
                    value={a}
                    checked={!custom.trim() && preset === a}
                    onChange={() => {
                      setPreset(a);
                      setCustom('');
                    }}
                  />
                  <label className="btn btn-outline-primary" htmlFor={`${ids}-amount-${a}`}>
                    {a}
                  </label>
                </span>
              ))}
            </div>
            <label className="form-label small" htmlFor={`${ids}-custom`}>
              {t('topup.custom')}
            </label>
            <input
              id={`${ids}-custom`}
              name="amount"
              className={`form-control${problem ? ' is-invalid' : ''}`}
              style={{ maxWidth: 200 }}
              inputMode="decimal"
              autoComplete="off"
              value={custom}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-range${problem ? ` ${ids}-problem` : ''}`}
              onChange={(e) => setCustom(e.target.value)}
            />
            <div id={`${ids}-range`} className="form-text">
              {t('topup.range', { min: options.min, max: options.max })}
            </div>
            {problem && (
              <div id={`${ids}-problem`} className="invalid-feedback d-block" role="alert">
                {problem}
              </div>
            )}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('topup.method')}</legend>
            <div className="d-flex flex-wrap gap-2">
              {options.providers.map((p) => (
                <span key={p}>
                  <input type="radio" className="btn-check" name="topup-provider" id={`${ids}-provider-${p}`} value={p} checked={provider === p} onChange={() => setProvider(p)} />
                  <label className="btn btn-outline-secondary" htmlFor={`${ids}-provider-${p}`}>
                    <i className={`bi ${ICONS[p]} me-1`} aria-hidden="true" />
                    {t(`providers.${p}`)}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={busy || !amount} data-action="pay">
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {busy ? t('topup.creating') : t('topup.pay', { amount: amount || '0' })}
          </button>
        </form>
      )}
    </section>
  );
}
