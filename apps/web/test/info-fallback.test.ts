import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditionsTable } from '../app/features/info/components/editions-table';
import { OpeningHoursTable } from '../app/features/info/components/hours-table';
import { loadEvents, loadOpeningHours, loadPageSectors } from '../app/features/info/loaders.server';
import { DEMO_SHOW } from './show';
import { createI18n } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';

/** A loader context whose in-process API answers every call with `status`. */
const failingApi = (status: number) => ({ api: () => Promise.resolve({ status, body: { error: { status } } }) });

function render(lang: 'fr' | 'en', element: ReturnType<typeof createElement>): string {
  const i18n = createI18n(lang, serverResources, DEMO_SHOW);
  const html = renderToString(createElement(I18nextProvider, { i18n }, element));
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('information pages when the API fails', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the loaders give no events, hours or sectors instead of throwing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const context = failingApi(500);
    expect(await loadEvents(context)).toEqual([]);
    expect(await loadPageSectors(context)).toEqual([]);
    expect(await loadOpeningHours(context)).toEqual([]);
  });

  it('the history still lists the specification’s editions with their figures, then the current one', () => {
    const fr = render('fr', createElement(EditionsTable, { events: [], show: DEMO_SHOW }));
    for (const fact of [
      '1re édition',
      '2003',
      '2006 200 25 000',
      '2008 300 50 000',
      '2010 350 60 000',
      '2017 238 39 000',
    ]) {
      expect(fr).toContain(fact);
    }
    expect(fr).toContain('6e édition 2024 Non communiqué Non communiqué');
    expect(render('en', createElement(EditionsTable, { events: [], show: DEMO_SHOW }))).toContain(
      '5th edition 2017 238 39,000',
    );
    const later = render(
      'fr',
      createElement(EditionsTable, { events: [], show: { ...DEMO_SHOW, edition: 7, year: 2026 } }),
    );
    expect(later).toContain('5e édition 2017');
    expect(later).toContain('7e édition 2026');
  });

  it('the opening hours table prints the days and hours as the specification writes them, and English times with a colon', () => {
    const days = [
      { day: '2024-05-29', opensAt: '09:00', closesAt: '19:00' },
      { day: '2024-05-31', opensAt: '09:00', closesAt: '19:30' },
      { day: '2024-06-01', opensAt: '09:00', closesAt: '18:00' },
    ];
    const fr = render('fr', createElement(OpeningHoursTable, { days }));
    expect(fr).toContain('Mercredi 29 mai 2024 9h00-19h00');
    expect(fr).toContain('Vendredi 31 mai 2024 9h00-19h30');
    expect(fr).toContain('Samedi 1er juin 2024 9h00-18h00');
    expect(render('en', createElement(OpeningHoursTable, { days }))).toContain('Saturday 1 June 2024 9:00–18:00');
  });

  it('says the hours cannot be shown when the API failed, instead of an empty table', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const days = await loadOpeningHours(failingApi(503));
    expect(render('fr', createElement(OpeningHoursTable, { days }))).toContain(
      'Les horaires d’ouverture ne peuvent pas être affichés pour le moment',
    );
  });
});
