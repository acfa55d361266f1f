import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asLanguage, dayText, holdLastDay, moneyText, pickFilled, rateText } from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { refusalCode } from '../../../components/ui/form-errors';
import { readOffer, useQuote, type StandOffer } from '../api';
import { HoldForm, type EnquiryLink, type Held, type PriorityLink } from './hold-form';
import { SalePlan } from './sale-plan';
import '../stand-sales.css';

/**
 * /exposer when the current edition's stands are on sale: the plan, hall by hall, with the free,
 * held and sold stands; the company picks adjoining free stands (on the plan or in the list
 * beside it, which a phone reads better), the server prices them, and the form below holds them.
 */
export function StandSale({
  offer: initial,
  enquiry,
  priority,
}: {
  offer: StandOffer;
  enquiry: EnquiryLink | null;
  /** A returning exhibitor's link: its stands kept for it are picked, and the form starts from what it is known by. */
  priority: PriorityLink | null;
}) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const [offer, setOffer] = useState(initial);
  const keptFree = (priority?.stands ?? []).filter((n) =>
    initial.stands.some((s) => s.number === n && s.state === 'free'),
  );
  const [hallId, setHallId] = useState(
    initial.stands.find((s) => s.number === keptFree[0])?.gateId ?? initial.halls[0]?.id,
  );
  const [picked, setPicked] = useState<string[]>(keptFree);
  const [held, setHeld] = useState<{ held: Held; email: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const quote = useQuote(priority?.token);
  const { mutate: priceSelection, reset: resetQuote } = quote;

  useEffect(() => {
    if (picked.length) priceSelection(picked);
    else resetQuote();
  }, [picked, priceSelection, resetQuote]);

  const money = (centimes: number) => moneyText(centimes, lang);
  const className = (id: number) => pickFilled(lang, offer.classes.find((c) => c.id === id)?.name ?? {});
  const hall = offer.halls.find((h) => h.id === hallId) ?? offer.halls[0];
  const inHall = offer.stands.filter((s) => s.gateId === hall?.id);
  const toggle = (number: string) => {
    setNotice(null);
    setPicked((list) => (list.includes(number) ? list.filter((n) => n !== number) : [...list, number]));
  };
  /** A stand was taken meanwhile, or the conditions changed: the offer is read again. */
  const token = priority?.token;
  const refresh = useCallback(
    async (code: string) => {
      const fresh = await readOffer(token).catch(() => null);
      if (fresh) {
        setOffer(fresh);
        const free = new Set(fresh.stands.filter((s) => s.state === 'free').map((s) => s.number));
        setPicked((list) => list.filter((n) => free.has(n)));
      }
      setNotice(code);
    },
    [token],
  );
  const quoteCode = quote.error ? refusalCode(quote.error) || 'generic' : '';
  useEffect(() => {
    if (quoteCode === 'standTaken') void refresh('standTaken');
  }, [quoteCode, refresh]);

  if (held) {
    return (
      <section className="stand-sale card" aria-live="polite">
        <h2>{t('standSale.heldTitle')}</h2>
        <p>
          {t('standSale.heldText', {
            stands: held.held.stands.map((s) => s.number).join(', '),
            count: held.held.stands.length,
            until: dayText(holdLastDay(held.held.holdUntil), lang),
          })}
        </p>
        <p>
          {t('standSale.heldReference')} <strong>{held.held.reference}</strong>
        </p>
        <p>{t('standSale.heldMail', { email: held.email })}</p>
      </section>
    );
  }

  const { terms } = offer;
  return (
    <div className="stand-sale">
      {priority && (
        <Alert tone="info">
          {t('standSale.kept', {
            stands: priority.stands.join(', '),
            count: priority.stands.length,
            until: dayText(priority.until, lang),
          })}
        </Alert>
      )}
      <section className="card sale-terms">
        <h2>{t('standSale.termsTitle')}</h2>
        <ul>
          {offer.classes.map((c) => (
            <li key={c.id}>
              {t('standSale.classPrice', { name: pickFilled(lang, c.name), price: money(c.pricePerM2) })}
            </li>
          ))}
          {terms.cornerSurcharge > 0 && (
            <li>{t('standSale.corner', { rate: rateText(terms.cornerSurcharge, lang) })}</li>
          )}
          <li>{t('standSale.minimumArea', { area: terms.minimumArea })}</li>
          <li>{t('standSale.vat', { rate: rateText(terms.vatRate, lang) })}</li>
          <li>
            {terms.balanceDueOn
              ? t('standSale.payment', {
                  deposit: rateText(terms.depositShare, lang),
                  day: dayText(terms.balanceDueOn, lang),
                })
              : t('standSale.paymentNoDate', { deposit: rateText(terms.depositShare, lang) })}
          </li>
          <li>{t('standSale.holdDays', { count: terms.holdDays })}</li>
        </ul>
      </section>

      <section className="sale-choice" aria-labelledby="sale-choice-title">
        <h2 id="sale-choice-title">{t('standSale.chooseTitle')}</h2>
        {offer.halls.length > 1 && (
          <div className="sale-halls" role="group" aria-label={t('standSale.halls')}>
            {offer.halls.map((h) => (
              <button
                key={h.id}
                type="button"
                className={`btn ${h.id === hall?.id ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={h.id === hall?.id}
                onClick={() => setHallId(h.id)}
              >
                {h.name}
              </button>
            ))}
          </div>
        )}
        <ul className="sale-legend">
          <li className="is-free">{t('standSale.legendFree')}</li>
          <li className="is-picked">{t('standSale.legendPicked')}</li>
          <li className="is-held">{t('standSale.legendHeld')}</li>
          <li className="is-sold">{t('standSale.legendSold')}</li>
        </ul>
        {hall && <SalePlan hall={hall} stands={inHall} picked={new Set(picked)} onToggle={toggle} t={t} />}
        <fieldset className="sale-list">
          <legend>{t('standSale.freeStands', { hall: hall?.name ?? '' })}</legend>
          {inHall.filter((s) => s.state === 'free').length === 0 && <p>{t('standSale.noneFree')}</p>}
          {inHall
            .filter((s) => s.state === 'free')
            .map((s) => (
              <label key={s.number} className="sale-option">
                <input type="checkbox" checked={picked.includes(s.number)} onChange={() => toggle(s.number)} />
                <span>
                  {t('standSale.option', {
                    number: s.number,
                    className: className(s.classId),
                    area: s.area,
                    price: money(s.price),
                  })}
                  {s.corner && <> · {t('standSale.cornerStand')}</>}
                </span>
              </label>
            ))}
        </fieldset>
      </section>

      <section className="card sale-quote" aria-live="polite" aria-labelledby="sale-quote-title">
        <h2 id="sale-quote-title">{t('standSale.quoteTitle')}</h2>
        {notice && <Alert tone="danger">{t(`validation.${notice}`)}</Alert>}
        {!picked.length && <p>{t('standSale.nothingPicked')}</p>}
        {picked.length > 0 && quoteCode && quoteCode !== 'standTaken' && (
          <Alert tone="danger">
            {t(`validation.${quoteCode === 'generic' ? 'generic' : quoteCode}`, {
              minimumArea: terms.minimumArea,
              defaultValue: t('errors.generic'),
            })}
          </Alert>
        )}
        {picked.length > 0 && quote.data && !quote.isPending && !quoteCode && (
          <table className="sale-totals">
            <tbody>
              {quote.data.data.stands.map((s) => (
                <tr key={s.number}>
                  <th scope="row">{t('standSale.quoteStand', { number: s.number, hall: s.hall, area: s.area })}</th>
                  <td>{money(s.price)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t('standSale.totalExclTax', { area: quote.data.data.area })}</th>
                <td>{money(quote.data.data.totalExclTax)}</td>
              </tr>
              <tr>
                <th scope="row">{t('standSale.vatAmount', { rate: rateText(terms.vatRate, lang) })}</th>
                <td>{money(quote.data.data.vat)}</td>
              </tr>
              <tr className="sale-total">
                <th scope="row">{t('standSale.totalInclTax')}</th>
                <td>{money(quote.data.data.totalInclTax)}</td>
              </tr>
            </tbody>
          </table>
        )}
      </section>

      <HoldForm
        offer={offer}
        enquiry={enquiry}
        priority={priority}
        picked={picked}
        onHeld={(h, email) => {
          setHeld({ held: h, email });
          window.scrollTo({ top: 0 });
        }}
        onConflict={(code) => void refresh(code)}
      />
    </div>
  );
}
