import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  type Language,
  asLanguage,
  dayMonthText,
  HALL_MEDIAN_MIN_EXHIBITORS,
  numberText,
  weekdayText,
} from '@salon/shared';
import { Alert } from '../../../components/ui/alert';
import { submitErrorKey } from '../../../components/ui/form-errors';
import { useDownloadReport, useLeadReport } from '../api/scans';

/** A count as written ('1 234'), or a median or mean with its one decimal ('1,5'; '1.5' in English). */
function figure(value: number, lang: Language): string {
  if (Number.isInteger(value)) return numberText(value, lang);
  return new Intl.NumberFormat(LOCALES[lang], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(value);
}

interface Bar {
  key: string;
  label: string;
  value: number;
  /** The hall's median of the same thing, drawn as a mark across the bar and given in its own column. */
  mark?: number | null;
}

/**
 * One chart: the figures are a real table (its caption says what it counts); each bar is drawn
 * inside its figure's cell, hidden from assistive technology, which reads the figure beside it.
 * Bars in SVG: no chart library, and a phone reads them as a list.
 */
function BarChart({
  caption,
  labelHeader,
  bars,
  markHeader,
}: {
  caption: string;
  labelHeader: string;
  bars: Bar[];
  /** The marks' column heading; none: the chart has no marks. */
  markHeader?: string;
}) {
  const { t, i18n } = useTranslation();
  const top = Math.max(1, ...bars.map((b) => Math.max(b.value, b.mark ?? 0)));
  const share = (n: number) => Math.round((1000 * n) / top) / 10;
  return (
    <table className="report-chart">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{t('area.report.leads')}</th>
          {markHeader && <th scope="col">{markHeader}</th>}
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.key}>
            <th scope="row">{bar.label}</th>
            <td>
              <div className="report-bar-cell">
                {/* An SVG, not a style attribute: the content security policy refuses those (style-src-attr). */}
                <svg
                  className="report-bar"
                  viewBox="0 0 100 10"
                  preserveAspectRatio="none"
                  aria-hidden="true"
                  focusable="false"
                >
                  <rect className="report-bar-track" width="100" height="10" rx="1" />
                  <rect className="report-bar-fill" width={share(bar.value)} height="10" rx="1" />
                  {markHeader && bar.mark != null && (
                    <rect className="report-bar-mark" x={Math.min(99, share(bar.mark))} width="1.2" height="10" />
                  )}
                </svg>
                <span className="report-value">{figure(bar.value, asLanguage(i18n.language))}</span>
              </div>
            </td>
            {markHeader && (
              <td className="report-median">{bar.mark == null ? '' : figure(bar.mark, asLanguage(i18n.language))}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * 'Bilan': the exhibitor's leads of the edition 'Mes scans' shows, its own and its collaborators',
 * counted by day, hour, collaborator, rating, answer and follow-up, beside its hall's median where
 * at least HALL_MEDIAN_MIN_EXHIBITORS other exhibitors make it; and the same as a PDF for its
 * management. Folded; read from the server once opened.
 */
export function LeadReport({ edition, userId }: { edition: number | null; userId: number }) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const [open, setOpen] = useState(false);
  const report = useLeadReport(edition, open);
  const download = useDownloadReport();
  const r = report.data;

  let body;
  if (!open) body = null;
  else if (report.isPending) body = <p aria-busy="true">{t('common.loading')}</p>;
  else if (report.isError) body = <Alert tone="danger">{t(submitErrorKey(report.error) ?? 'errors.generic')}</Alert>;
  else if (r) {
    // A median of 0 (most of the hall has no lead) compares nothing: said in words, not drawn.
    const median = r.hall?.median?.total ? r.hall.median : null;
    const hallText = !r.hall
      ? t('area.report.noHall')
      : median
        ? t('area.report.hallShown', {
            count: r.hall.exhibitors,
            hall: r.hall.name,
            total: figure(median.total, lang),
            perDay: figure(median.perDay, lang),
          })
        : r.hall.median
          ? t('area.report.hallZero', { count: r.hall.exhibitors, hall: r.hall.name })
          : t('area.report.hallHidden', {
              min: HALL_MEDIAN_MIN_EXHIBITORS,
              count: r.hall.exhibitors,
              hall: r.hall.name,
            });
    body = (
      <>
        <dl className="report-totals">
          <div>
            <dt>{t('area.report.total')}</dt>
            <dd>{figure(r.total, lang)}</dd>
          </div>
          <div>
            <dt>{t('area.report.people')}</dt>
            <dd>{figure(r.people, lang)}</dd>
          </div>
          <div>
            <dt>{t('area.report.perDay')}</dt>
            <dd>{figure(r.perDay, lang)}</dd>
          </div>
          {median && (
            <div>
              <dt>{t('area.report.hallMedianTotal')}</dt>
              <dd>{figure(median.total, lang)}</dd>
            </div>
          )}
        </dl>
        <p className="report-hall">{hallText}</p>
        <div className="area-actions">
          <button
            type="button"
            className="btn btn-outline"
            disabled={download.isPending}
            onClick={() => download.mutate({ lang, edition, fileName: t('area.report.fileName', { year: r.year }) })}
          >
            {t('area.report.download')}
          </button>
        </div>
        {download.isError && <Alert tone="danger">{t(submitErrorKey(download.error) ?? 'errors.generic')}</Alert>}
        {r.total === 0 ? (
          <p>{t('area.report.empty')}</p>
        ) : (
          <div className="report-charts">
            <BarChart
              caption={t('area.report.days')}
              labelHeader={t('area.report.day')}
              markHeader={median ? t('area.report.hallMedian') : undefined}
              bars={r.days.map((d) => ({
                key: d.day,
                label: `${weekdayText(d.day, lang)} ${dayMonthText(d.day, lang)}`,
                value: d.leads,
                mark: median ? d.hallMedian : null,
              }))}
            />
            <BarChart
              caption={t('area.report.hours')}
              labelHeader={t('area.report.hour')}
              bars={r.hours.map((h) => ({
                key: String(h.hour),
                label: t('area.report.hourValue', { hour: h.hour }),
                value: h.leads,
              }))}
            />
            <BarChart
              caption={t('area.report.scanners')}
              labelHeader={t('area.report.scanner')}
              bars={r.scanners.map((s) => ({
                key: String(s.id),
                label: s.id === userId ? t('area.report.you', { name: s.name }) : s.name,
                value: s.leads,
              }))}
            />
            <BarChart
              caption={t('area.report.ratings')}
              labelHeader={t('area.report.rating')}
              bars={r.ratings.map((x) => ({
                key: String(x.rating),
                label:
                  x.rating === null ? t('area.report.noRating') : t('area.scans.ratingValue', { rating: x.rating }),
                value: x.leads,
              }))}
            />
            <BarChart
              caption={t('area.report.followUps')}
              labelHeader={t('area.report.followUp')}
              bars={r.followUps.map((f) => ({
                key: String(f.status),
                label: f.status === null ? t('area.leads.noFollowUp') : t(`area.leads.followUps.${f.status}`),
                value: f.leads,
              }))}
            />
            {r.questions.map((q) => (
              <BarChart
                key={q.id}
                caption={t('area.report.question', { label: q.label })}
                labelHeader={t('area.report.answer')}
                bars={[
                  ...(q.kind === 'text'
                    ? [{ key: 'answered', label: t('area.report.answered'), value: q.answered }]
                    : q.choices.map((c) => ({ key: `c-${c.choice}`, label: c.choice, value: c.leads }))),
                  { key: 'unanswered', label: t('area.report.unanswered'), value: q.unanswered },
                ]}
              />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <details className="card lead-report" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2 id="lead-report-title">{t('area.report.title')}</h2>
      </summary>
      <p className="hint">{t('area.report.hint')}</p>
      {body}
    </details>
  );
}
