import { asLanguage, getConferences, pickFilled } from '@salon/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Conference } from '@salon/shared';
import { VisitToggle } from '../components/visit-toggle';
import { visitOf } from '../features/my-visit/visit.server';
import { ConferenceDialog } from '../features/programme/components/conference-dialog';
import { conferenceTitle, dayText, groupByDay, slotText } from '../lib/conference-format';
import { seoMeta } from '../lib/seo';
import { pageSeo } from '../lib/seo.server';
import { loaderDataOr, previewedYear } from '../lib/server-api';
import type { Route } from './+types/programme-du-forum';
import '../features/programme/programme.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get('q') ?? '').trim();
  const theme = (url.searchParams.get('theme') ?? '').trim();
  const query = { search: search || undefined, theme: theme || undefined, ...previewedYear(context) };
  const conferences = await loaderDataOr(context, getConferences, { query }, []);
  return {
    seo: pageSeo(request, context, 'programme'),
    search,
    theme,
    conferences,
    kept: visitOf(request).conferences,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function ProgrammeDuForum({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language);
  const { search, theme, conferences } = loaderData;
  const [open, setOpen] = useState<Conference | null>(null);
  return (
    <div className="container page">
      <h1>{t('pages.programme.title')}</h1>
      <p className="lead">{t('pages.programme.lead')}</p>
      <Form method="get" className="search-form card" role="search">
        <div className="field">
          <label htmlFor="programme-search">{t('programme.search')}</label>
          <input id="programme-search" name="q" type="search" defaultValue={search} key={search} />
        </div>
        <div className="field">
          <label htmlFor="programme-theme">{t('programme.theme')}</label>
          <input id="programme-theme" name="theme" type="search" defaultValue={theme} key={theme} />
        </div>
        <button type="submit" className="btn btn-primary">
          {t('common.search')}
        </button>
      </Form>
      {conferences.length === 0 && <p className="empty">{t('programme.empty')}</p>}
      {groupByDay(conferences).map(([day, items]) => (
        <section key={day} aria-labelledby={`day-${day}`} className="programme-day">
          <h2 id={`day-${day}`}>{dayText(day, lang)}</h2>
          <ul className="conference-grid">
            {items.map((c) => (
              <li key={c.id} className="conference-card">
                <p className="conference-number">{c.number}</p>
                <h3>{conferenceTitle(c, lang)}</h3>
                <p className="conference-when">{slotText(c, lang)}</p>
                {pickFilled(lang, c.theme) && <p className="conference-theme">{pickFilled(lang, c.theme)}</p>}
                <div className="conference-actions">
                  {/* The conference's own page until the script runs; then its details in a dialog. */}
                  <Link
                    to={`/conference/${c.id}`}
                    className="btn btn-outline"
                    onClick={(event) => {
                      event.preventDefault();
                      setOpen(c);
                    }}
                  >
                    {t('programme.details')}
                    <span className="visually-hidden"> — {c.number}</span>
                  </Link>
                  <Link to={`/conference/${c.id}`}>
                    {t('programme.register')}
                    <span className="visually-hidden"> — {c.number}</span>
                  </Link>
                  <VisitToggle
                    kind="conferences"
                    id={c.id}
                    kept={loaderData.kept.includes(c.id)}
                    name={conferenceTitle(c, lang)}
                    compact
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <ConferenceDialog conference={open} onClose={() => setOpen(null)} />
    </div>
  );
}
