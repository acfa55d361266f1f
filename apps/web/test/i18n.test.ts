import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SCAN_NOTICE, type Language } from '@salon/shared';
import { LanguageSwitch } from '../app/components/layout/language-switch';
import { PERSON_FIELD_NAMES } from '../app/components/person-fields';
import { createI18n, languageFromRequest } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';
import { DEMO_SHOW } from './show';

/** The language switch as the server renders it at `url`, in French. */
async function renderSwitch(url: string): Promise<string> {
  const handler = createStaticHandler([{ path: '*', Component: LanguageSwitch }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n: createI18n('fr', serverResources, DEMO_SHOW) },
      createElement(StaticRouterProvider, { router, context }),
    ),
  );
}

const dir = path.resolve(import.meta.dirname, '../public/assets/i18n');
const load = (lang: string) => JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as unknown;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('has a file for each language, each holding the keys of fr.json', () => {
    const french = keys(load('fr')).sort();
    for (const lang of LANGUAGES) expect(keys(load(lang)).sort(), lang).toEqual(french);
    expect(Object.keys(serverResources).sort()).toEqual([...LANGUAGES].sort());
  });
  it('shows every language on the language switch as its code in capitals, a link to the same page in it', async () => {
    const html = await renderSwitch('/programme?jour=2');
    for (const lang of LANGUAGES) {
      expect(html).toMatch(
        new RegExp(`<a [^>]*href="/programme\\?jour=2&amp;lang=${lang}"[^>]*>${lang.toUpperCase()}</a>`),
      );
    }
    expect(html).toContain('aria-label="Langue"');
  });
  it('has no file for a language outside LANGUAGES', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((lang) => `${lang}.json`).sort());
  });
  it('tells what a scan passes on in the same words beside the visitor form’s button, on the e-badge page and in the badge mail', () => {
    for (const lang of LANGUAGES) {
      const texts = load(lang) as Record<string, Record<string, unknown>>;
      expect(texts.visitorForm?.notice).toBe(SCAN_NOTICE[lang]);
      expect((texts.ebadge?.visited as Record<string, string>).notice).toBe(SCAN_NOTICE[lang]);
    }
    // Decision 049's sentence, to the letter.
    expect(SCAN_NOTICE.fr).toBe(
      'Quand vous faites scanner votre badge sur un stand, l’exposant reçoit vos nom, e-mail, téléphone, société et fonction. Votre e-badge liste les stands qui l’ont scanné ; vous pouvez demander à chacun de ne plus vous contacter.',
    );
  });
  it('keeps the specification’s French texts to the letter', () => {
    const fr = load('fr') as Record<string, Record<string, string>>;
    expect(fr.login?.failed).toBe('Login et/ou Mot de passe est incorect.');
    expect(fr.validation?.required).toBe('Champ obligatoire');
    expect(fr.validation?.email).toBe("Format d'email incorrecte");
  });
  it('writes French apostrophes curly, except in the specification’s own text', () => {
    const fr = load('fr');
    const straight = keys(fr).filter((key) => {
      const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], fr);
      return typeof text === 'string' && /\p{L}'\p{L}/u.test(text);
    });
    expect(straight).toEqual(['validation.email']);
  });
  it('keeps the exhibitor area’s French texts to the letter', () => {
    const fr = load('fr') as Record<string, Record<string, Record<string, string>>>;
    expect(fr.area?.info).toMatchObject({ submit: 'Sauvegarder', success: 'Modifications enregistrées avec succès.' });
    expect(fr.area?.badge).toMatchObject({
      download: 'Télécharger mon Badge',
      send: 'Envoyer mon Badge par email',
      sent_exhibitor: 'Badge exposant envoyé avec succès.',
      sent_collaborator: 'Badge collaborateur envoyé avec succès.',
    });
    expect(fr.area?.collaborators).toMatchObject({
      sendBadgeLabel: 'Envoyer le Badge par email à {{email}}',
      badgeSent: 'Badge envoyé avec succès.',
      accessSent: 'Accès envoyé avec succès.',
      empty: 'Aucun collaborateur trouvé !',
    });
    expect(fr.area?.addCollaborator).toMatchObject({
      success: 'Collaborateur ajouté avec succès.',
      duplicate: 'Collaborateur existe déjà avec cet email et/ou numéro téléphone.',
    });
  });
});

describe('translation keys used in the code', () => {
  it('all exist in fr.json', () => {
    const appDir = path.resolve(import.meta.dirname, '../app');
    const frKeys = new Set(keys(load('fr')));
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name)) {
          // Literal keys only: t('area.tabs.logout'). Keys built at run time are checked by the pages' tests.
          for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) used.add(m[1]!);
        }
      }
    };
    walk(appDir);
    expect(used.size).toBeGreaterThan(20);
    // A plural key ('directory.count') is stored as its forms ('directory.count_one', '_other').
    const missing = [...used].filter((k) => !frKeys.has(k) && !frKeys.has(`${k}_other`));
    expect(missing).toEqual([]);
  });
  it('label each of a person’s fields once, under person.<field>', () => {
    const frKeys = new Set(keys(load('fr')));
    expect(PERSON_FIELD_NAMES.length).toBeGreaterThan(3);
    expect(PERSON_FIELD_NAMES.filter((field) => !frKeys.has(`person.${field}`))).toEqual([]);
  });
});

describe('edition texts', () => {
  const next = {
    ...DEMO_SHOW,
    edition: 7,
    year: 2026,
    startsOn: '2026-06-03',
    endsOn: '2026-06-05',
    city: 'Casablanca',
    theme: { fr: 'Bâtir durable', en: 'Building to last' },
  };
  const texts = (lang: Language, show: typeof next) => {
    const { t } = createI18n(lang, serverResources, show);
    return keys(load(lang)).map((key) => [key, t(key)] as const);
  };

  it('with another edition current, no text names the 2024 edition’s year, dates, number, city or theme', () => {
    // ('Horizon 2030', the country's plan, is no edition's: the 2024 theme named it.)
    const stale =
      /2024|Marrakech|29 mai|1er juin|31 mai|29 May|1 June|31 May|6e édition|6th edition|Maroc de demain : Horizon|tomorrow's Morocco: Horizon|quatre jours|four days|\{\{(edition|year|dates|city|theme)\}\}/;
    for (const lang of LANGUAGES) {
      expect(texts(lang, next).filter(([, text]) => stale.test(text))).toEqual([]);
    }
  });

  it('with the 2024 edition current, the texts print its dates and number as before', () => {
    const { t } = createI18n('fr', serverResources, DEMO_SHOW);
    expect(t('brand.dates')).toBe('Du 29 mai au 1er juin 2024 — Marrakech');
    expect(t('pages.home.lead')).toBe(
      '6e édition du Salon International du Bâtiment et de son Forum, du 29 mai au 1er juin 2024 à Marrakech.',
    );
    const en = createI18n('en', serverResources, DEMO_SHOW).t;
    expect(en('brand.dates')).toBe('29 May to 1 June 2024 — Marrakech');
    expect(en('pages.product.lead')).toContain('the 6th edition of the International Building Show');
  });

  it('a show of another year prints that edition', () => {
    const { t } = createI18n('fr', serverResources, next);
    expect(t('brand.dates')).toBe('Du 3 au 5 juin 2026 — Casablanca');
    expect(t('brand.short')).toBe('SIB 2026');
    expect(t('pages.forum.about')).toMatch(/^Pendant les trois jours du salon/);
    const short = createI18n('fr', serverResources, { ...next, endsOn: '2026-06-04' }).t;
    expect(short('pages.forum.about')).toMatch(/^Pendant les deux jours du salon/);
    expect(createI18n('en', serverResources, next).t('pages.editorial.theme')).toBe('Building to last');
  });
});

describe('the language of a page', () => {
  const page = (query: string, headers: Record<string, string>) =>
    languageFromRequest(new Request(`https://salon.example/${query}`, { headers }));
  it('follows the browser on a first visit, and the visitor’s choice after', () => {
    expect(page('', { 'accept-language': 'en-GB,en;q=0.9' })).toBe('en');
    expect(page('', { 'accept-language': 'de-DE, en;q=0.8, fr;q=0.5' })).toBe('en');
    expect(page('', { 'accept-language': 'ar-MA,ar;q=0.9,fr;q=0.8,en;q=0.7' })).toBe('fr');
    expect(page('', { 'accept-language': 'de-DE,es;q=0.5' })).toBe('fr');
    expect(page('', {})).toBe('fr');
    expect(page('', { 'accept-language': 'en-GB,en', cookie: 'lang=fr' })).toBe('fr');
    expect(page('?lang=fr', { 'accept-language': 'en-GB,en' })).toBe('fr');
    expect(page('?lang=en', { cookie: 'lang=fr' })).toBe('en');
  });
});
