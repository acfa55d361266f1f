import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  asLanguage,
  dayText,
  getMyInvoicePdf,
  moneyText,
  pickFilled,
  rateText,
  serviceOrderSchema,
  serviceQuantityField,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { refusalCode, submitErrorKey } from '../../../components/ui/form-errors';
import { ApiError, apiDownload } from '../../../lib/api-client';
import { useMyServices, useOrderServices, type MyServices } from '../api/services';

type Service = MyServices['services'][number];

/** What a refusal says of each service it names: none left, or too few; ordering closed. */
function refusedServices(error: unknown): Map<number, string> {
  const refused = new Map<number, string>();
  if (!(error instanceof ApiError) || error.status !== 409) return refused;
  const details = error.body?.error?.details as { services?: unknown[] } | undefined;
  for (const s of details?.services ?? []) {
    if (typeof s === 'number') refused.set(s, 'closed');
    else if (s && typeof s === 'object' && 'id' in s && typeof s.id === 'number') refused.set(s.id, 'outOfStock');
  }
  return refused;
}

/**
 * 'Services': the edition's services (electricity, furniture, internet…) with their price, what
 * is left and the last day to order them; the exhibitor types quantities and orders, the server
 * invoices the order on its confirmed booking and mails the invoice. Its orders below, each with
 * its invoice. The exhibitor's alone (not its collaborators').
 */
export function ServicesTab() {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const data = useMyServices();
  const order = useOrderServices();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The order's key: sent twice (a double tap, a retry), it is taken once; a new one after each order.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [downloadFailed, setDownloadFailed] = useState<unknown>(null);
  const money = (c: number) => moneyText(c, lang);

  if (data.isError) return <Alert tone="danger">{t(submitErrorKey(data.error) ?? 'errors.generic')}</Alert>;
  if (!data.data) return <p aria-busy="true">{t('common.loading')}</p>;
  const { booking, services, orders, vatRate } = data.data;
  if (!services.length) return <p>{t('area.services.none')}</p>;

  const quantityOf = (s: Service) => {
    const text = (quantities[s.id] ?? '').trim();
    return text === '' ? 0 : Number(text);
  };
  const chosen = services.filter((s) => s.open && quantityOf(s) !== 0);
  // Exact: whole centimes times whole quantities; the VAT is the invoice's, on the server.
  const totalExclTax = chosen.reduce(
    (sum, s) => sum + (Number.isInteger(quantityOf(s)) ? quantityOf(s) * s.price : 0),
    0,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Record<number, string> = {};
    for (const s of chosen) {
      const parsed = serviceQuantityField.safeParse(quantityOf(s));
      if (!parsed.success) found[s.id] = quantityOf(s) > 1 ? 'tooLarge' : 'wholeNumber';
      else if (s.left !== null && quantityOf(s) > s.left) found[s.id] = 'outOfStock';
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const form = serviceOrderSchema.safeParse({
      key,
      lines: chosen.map((s) => ({ service: s.id, quantity: quantityOf(s) })),
    });
    if (!form.success) {
      setFormError('chooseService');
      return;
    }
    order.mutate(form.data, {
      onSuccess: () => {
        setQuantities({});
        setErrors({});
        setKey(crypto.randomUUID());
      },
      onError: (error) => {
        const refused = refusedServices(error);
        if (refused.size) setErrors(Object.fromEntries(refused));
        else if (error instanceof ApiError && [409, 429].includes(error.status))
          setFormError(refusalCode(error) || (error.status === 429 ? 'tooManyOrders' : 'generic'));
      },
    });
  };
  const failure =
    order.error && !(order.error instanceof ApiError && [409, 429].includes(order.error.status))
      ? submitErrorKey(order.error)
      : null;

  return (
    <div className="area-services">
      {booking ? (
        <p>{t('area.services.booking', { reference: booking.reference, stands: booking.stands })}</p>
      ) : (
        <Alert tone="info">{t('area.services.noBooking')}</Alert>
      )}
      {order.isSuccess && (
        <Alert tone="success">
          {t('area.services.ordered', {
            label: order.data.invoice.label,
            total: money(order.data.invoice.totalInclTax),
            day: dayText(order.data.invoice.dueOn, lang),
          })}
        </Alert>
      )}
      {formError && (
        <Alert tone="danger">{t(`area.services.refused.${formError}`, { defaultValue: t('errors.generic') })}</Alert>
      )}
      {failure && <Alert tone="danger">{t(failure)}</Alert>}
      <form method="post" noValidate onSubmit={submit}>
        <ul className="service-list">
          {services.map((s) => {
            const name = pickFilled(lang, s.name);
            const error = errors[s.id];
            const id = `service-${s.id}`;
            return (
              <li key={s.id} className="service-line">
                <div>
                  <label htmlFor={id} className="service-name">
                    {name}
                  </label>
                  <p className="service-facts">
                    {t('area.services.price', { price: money(s.price), unit: pickFilled(lang, s.unit) })}
                    {' — '}
                    {s.open ? t('area.services.orderBy', { day: dayText(s.orderBy, lang) }) : t('area.services.closed')}
                    {s.left !== null && (
                      <>
                        {' — '}
                        {s.left === 0 ? t('area.services.soldOut') : t('area.services.left', { count: s.left })}
                      </>
                    )}
                  </p>
                  {error && (
                    <p className="field-error" id={`${id}-error`} role="alert">
                      {t(`area.services.errors.${error}`, { count: s.left ?? 0, max: 1000 })}
                    </p>
                  )}
                </div>
                <input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={s.left ?? 1000}
                  step={1}
                  value={quantities[s.id] ?? ''}
                  placeholder="0"
                  disabled={!booking || !s.open || s.left === 0}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setQuantities({ ...quantities, [s.id]: e.target.value })}
                />
              </li>
            );
          })}
        </ul>
        {booking && (
          <div className="service-total">
            <p>{t('area.services.total', { total: money(totalExclTax), rate: rateText(vatRate, lang) })}</p>
            <button type="submit" className="btn btn-primary" disabled={order.isPending}>
              {order.isPending ? t('area.services.ordering') : t('area.services.submit')}
            </button>
          </div>
        )}
      </form>

      {orders.length > 0 && (
        <section className="service-orders">
          <h2>{t('area.services.ordersTitle')}</h2>
          {downloadFailed !== null && (
            <Alert tone="danger">{t(submitErrorKey(downloadFailed) ?? 'errors.generic')}</Alert>
          )}
          <ul>
            {orders.map((o) => (
              <li key={o.invoiceId}>
                <p>
                  <strong>{t('area.services.orderTitle', { label: o.label, day: dayText(o.issuedOn, lang) })}</strong>
                  {o.cancelled && ` — ${t('area.services.cancelled')}`}
                </p>
                <p>
                  {o.lines.map((l) => `${l.quantity} × ${pickFilled(lang, l.name)}`).join(', ')} —{' '}
                  {t('area.services.orderTotal', { total: money(o.totalInclTax) })}
                </p>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => {
                    setDownloadFailed(null);
                    apiDownload(getMyInvoicePdf, { params: { id: String(o.invoiceId) } }, `${o.label}.pdf`).catch(
                      setDownloadFailed,
                    );
                  }}
                >
                  {t('area.services.invoicePdf', { label: o.label })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
