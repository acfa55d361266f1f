import { useTranslation } from 'react-i18next';
import { Form, Link, useSearchParams } from 'react-router';
import { FOLLOW_UPS, scanFiltersSchema, type ScanFilters } from '@salon/shared';
import type { Session } from '../../../lib/session';
import { useLeadQuestions, useTeam } from '../api/scans';

/** The address's parameters the filters' form writes. */
const FILTER_KEYS = ['status', 'rating', 'tag', 'answer', 'by', 'day'] as const;

/**
 * The filters of 'Mes scans' as read from the page's address (`?tab=scans&status=…`): the GET
 * form below writes them there, with or without scripts. `answer` is a question's id, or the
 * question's id and one of its choices after a '|'. Values the schema refuses are left out.
 */
export function filtersFromParams(params: URLSearchParams): ScanFilters {
  const [question, ...choice] = (params.get('answer') ?? '').split('|');
  const raw = {
    status: params.get('status') ?? undefined,
    rating: params.get('rating') ?? undefined,
    tag: params.get('tag') ?? undefined,
    question: question || undefined,
    choice: choice.length ? choice.join('|') : undefined,
    by: params.get('by') ?? undefined,
    day: params.get('day') ?? undefined,
  };
  const parsed = scanFiltersSchema.safeParse(raw);
  if (parsed.success) return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return {};
}

/** The filters as a GET form: they work as links do, before the scripts run or without them. */
export function FiltersForm({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const questions = useLeadQuestions();
  const isExhibitor = session.type === 'exhibitor';
  const team = useTeam(session.user.id, isExhibitor);
  const value = (key: string) => params.get(key) ?? '';
  return (
    // Folded unless a filter is on: the scans come first on a phone.
    <details className="card scans-filters" open={FILTER_KEYS.some((key) => value(key) !== '')}>
      <summary>
        <h2 id="scans-filters-title">{t('area.leads.filters')}</h2>
      </summary>
      <Form method="get" aria-labelledby="scans-filters-title">
        <input type="hidden" name="tab" value="scans" />
        <div className="scans-filters-fields">
          <div className="field">
            <label htmlFor="filter-status">{t('area.leads.status')}</label>
            <select id="filter-status" name="status" defaultValue={value('status')}>
              <option value="">{t('area.leads.any')}</option>
              {FOLLOW_UPS.map((code) => (
                <option key={code} value={code}>
                  {t(`area.leads.followUps.${code}`)}
                </option>
              ))}
              <option value="none">{t('area.leads.noFollowUp')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-rating">{t('area.leads.rating')}</label>
            <select id="filter-rating" name="rating" defaultValue={value('rating')}>
              <option value="">{t('area.leads.any')}</option>
              {[5, 4, 3, 2, 1].map((r) => (
                <option key={r} value={r}>
                  {t('area.scans.ratingValue', { rating: r })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-tag">{t('area.leads.tag')}</label>
            <input id="filter-tag" name="tag" maxLength={40} defaultValue={value('tag')} />
          </div>
          {(questions.data?.length ?? 0) > 0 && (
            <div className="field">
              <label htmlFor="filter-answer">{t('area.leads.choice')}</label>
              <select id="filter-answer" name="answer" defaultValue={value('answer')}>
                <option value="">{t('area.leads.any')}</option>
                {questions.data!.map((q) => (
                  <optgroup key={q.id} label={q.label}>
                    <option value={String(q.id)}>{q.label}</option>
                    {q.choices.map((c) => (
                      <option key={c} value={`${q.id}|${c}`}>
                        {c}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>
          )}
          {isExhibitor && (team.data?.length ?? 0) > 0 && (
            <div className="field">
              <label htmlFor="filter-by">{t('area.leads.by')}</label>
              <select id="filter-by" name="by" defaultValue={value('by')}>
                <option value="">{t('area.leads.any')}</option>
                {team.data!.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="filter-day">{t('area.leads.day')}</label>
            <input id="filter-day" name="day" type="date" defaultValue={value('day')} />
          </div>
        </div>
        <div className="area-actions">
          <button type="submit" className="btn btn-primary">
            {t('area.leads.apply')}
          </button>
          <Link className="btn btn-outline" to="?tab=scans">
            {t('area.leads.reset')}
          </Link>
        </div>
      </Form>
    </details>
  );
}
