import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { editionSchema, frameOrigin, siteSettingsSchema } from '@salon/shared';
import { ContactLines, VenueAddress, VenueMapFrame, VenueMapLink } from '../app/features/info/components/venue';
import { NO_SITE_SETTINGS, telHref } from '../app/lib/site-settings';
import { DEMO_SHOW } from './show';
import { createI18n } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';

/** What the pages print from the organiser's settings: only what is set, never a placeholder. */

function render(element: ReactElement): string {
  const i18n = createI18n('fr', serverResources, DEMO_SHOW);
  return renderToString(createElement(MemoryRouter, null, createElement(I18nextProvider, { i18n }, element)));
}

describe('the venue and contact blocks', () => {
  it('print nothing of a venue that was not set, and no map without one', () => {
    const venue = NO_SITE_SETTINGS.venue;
    expect(render(createElement(VenueAddress, { venue }))).toBe('');
    expect(render(createElement(VenueMapLink, { venue }))).toBe('');
    expect(render(createElement(VenueMapFrame, { venue }))).toBe('');
  });

  it('print the venue’s name and each line of its address', () => {
    const venue = {
      ...NO_SITE_SETTINGS.venue,
      name: 'Palais des congrès',
      address: 'Boulevard Mohammed VI\n40000 Marrakech',
    };
    const html = render(createElement(VenueAddress, { venue }));
    expect(html).toContain('<strong>Palais des congrès</strong>');
    expect(html).toContain('<span>Boulevard Mohammed VI</span><span>40000 Marrakech</span>');
  });

  it('leave out the line of a contact that has no e-mail or no phone', () => {
    const phoneOnly = render(createElement(ContactLines, { contact: { email: null, phone: '+212 5 24 43 43 43' } }));
    expect(phoneOnly).toContain('href="tel:+212524434343"');
    expect(phoneOnly).not.toContain('mailto:');
    expect(phoneOnly).not.toContain('E-mail');
    const emailOnly = render(
      createElement(ContactLines, { contact: { email: 'presse@salon.example.org', phone: null } }),
    );
    expect(emailOnly).toContain('href="mailto:presse@salon.example.org"');
    expect(emailOnly).not.toContain('tel:');
    expect(emailOnly).not.toContain('Téléphone');
  });

  it('lead to the contact form when a team has neither', () => {
    const html = render(createElement(ContactLines, { contact: { email: null, phone: null } }));
    expect(html).toContain('href="/infos-contact"');
    expect(html).toContain('Écrivez-nous via le formulaire de contact');
    expect(html).not.toMatch(/mailto:|tel:/);
  });

  it('dial a number as written, with its leading + and digits only', () => {
    expect(telHref('+212 (0)5 24-43.43 43')).toBe('tel:+2120524434343');
    expect(telHref('05 24 43 43 43')).toBe('tel:0524434343');
  });
});

describe('the shared rules of the settings form', () => {
  it('take an empty field as none, and refuse a tour that a page could not frame safely', () => {
    expect(siteSettingsSchema.parse({ pressPhone: '', venueName: '  Parc  ' })).toMatchObject({
      pressPhone: null,
      venueName: 'Parc',
    });
    for (const virtualTourUrl of ['http://tour.example.org', 'javascript:alert(1)', 'https://a:b@tour.example.org']) {
      expect(siteSettingsSchema.safeParse({ virtualTourUrl }).success, virtualTourUrl).toBe(false);
    }
    expect(frameOrigin('https://my.matterport.com/show/?m=SxQL3iGyoDo')).toBe('https://my.matterport.com');
    expect(frameOrigin('http://my.matterport.com/show/')).toBeNull();
  });

  it('refuse an edition on a day that does not exist', () => {
    const edition = { edition: 7, name: '7e', year: 2026, startsOn: '2026-02-28', endsOn: '2026-02-30', city: 'Rabat' };
    const result = editionSchema.safeParse(edition);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['endsOn', 'isoDay']]);
  });

  it('refuse opening hours that close before they open, or at a time that does not exist, under the closing time', () => {
    const edition = { edition: 7, name: '7e', startsOn: '2026-05-27', endsOn: '2026-05-28', city: 'Rabat' };
    const issues = (hours: object[]) =>
      editionSchema.safeParse({ ...edition, hours }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    const day = { day: '2026-05-27', opens: '09:00', closes: '18:00' };
    expect(editionSchema.parse({ ...edition, hours: [day] }).hours).toEqual([day]);
    expect(issues([day, { day: '2026-05-28', opens: '09:00', closes: '08:30' }])).toEqual([
      ['hours.1.closes', 'closesBeforeOpening'],
    ]);
    expect(issues([{ ...day, closes: '24:00' }])).toEqual([['hours.0.closes', 'timeOfDay']]);
    expect(issues([{ ...day, day: '2026-02-30' }])).toEqual([['hours.0.day', 'isoDay']]);
  });

  it('take a past edition by its year alone, and refuse one date without the other or a start in another year', () => {
    const yearOnly = { edition: 2, name: '2e', year: 2006, startsOn: '', endsOn: '', city: '' };
    expect(editionSchema.parse(yearOnly)).toMatchObject({ year: 2006, startsOn: null, endsOn: null, city: null });
    const issues = (input: object) =>
      editionSchema.safeParse({ ...yearOnly, ...input }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ startsOn: '2006-05-17' })).toEqual([['endsOn', 'bothDates']]);
    expect(issues({ endsOn: '2006-05-20' })).toEqual([['startsOn', 'bothDates']]);
    expect(issues({ startsOn: '2007-05-17', endsOn: '2007-05-20' })).toEqual([['startsOn', 'dateOutsideYear']]);
    expect(issues({ year: 1850 })).toEqual([['year', 'year']]);
    expect(issues({ year: null })).toEqual([['year', 'year']]);
    // With its dates and no year, an edition is of its start's year.
    expect(editionSchema.parse({ ...yearOnly, year: null, startsOn: '2006-05-17', endsOn: '2006-05-20' }).year).toBe(
      2006,
    );
  });
});
