import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage, getMyContract, getMyInvoicePdf, moneyText } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { apiDownload } from '../../../lib/api-client';
import { useMyBookings } from '../api/bookings';

/**
 * 'Stands et factures': the stands the company bought online, each booking's step and what it
 * received, its contract and its invoices as PDFs. The exhibitor's alone (not its collaborators').
 */
export function BookingsTab() {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const bookings = useMyBookings();
  const [failed, setFailed] = useState<unknown>(null);
  const money = (c: number) => moneyText(c, lang);
  const download = (work: () => Promise<void>) => {
    setFailed(null);
    work().catch(setFailed);
  };
  if (bookings.isError) return <Alert tone="danger">{t(submitErrorKey(bookings.error) ?? 'errors.generic')}</Alert>;
  if (!bookings.data) return <p aria-busy="true">{t('common.loading')}</p>;
  const list = bookings.data.bookings;
  if (!list.length) return <p>{t('area.bookings.none')}</p>;
  return (
    <div className="area-bookings">
      {failed !== null && <Alert tone="danger">{t(submitErrorKey(failed) ?? 'errors.generic')}</Alert>}
      {list.map((b) => (
        <section key={b.id} className="area-booking">
          <h2>{t('area.bookings.title', { stands: b.stands, reference: b.reference })}</h2>
          <p>
            {t(`area.bookings.status.${b.status}`)} —{' '}
            {t('area.bookings.paid', { paid: money(b.paid), total: money(b.totalInclTax) })}
          </p>
          <ul className="area-booking-files">
            {b.contract && (
              <li>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() =>
                    download(() =>
                      apiDownload(getMyContract, { params: { id: String(b.id) } }, `contrat-${b.reference}.pdf`),
                    )
                  }
                >
                  {t('area.bookings.contract')}
                </button>
              </li>
            )}
            {b.invoices.map((i) => (
              <li key={i.id}>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() =>
                    download(() => apiDownload(getMyInvoicePdf, { params: { id: String(i.id) } }, `${i.label}.pdf`))
                  }
                >
                  {t(`area.bookings.invoice.${i.kind}`, { label: i.label, total: money(i.totalInclTax) })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
