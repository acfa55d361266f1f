import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/lib/i18n';
import { SCREEN_TITLE_KEYS, screenMeta, screenTitles } from '../app/lib/screen-titles';

const dir = path.resolve(import.meta.dirname, '../public/assets/i18n');
const load = (lang: 'fr' | 'en') => JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as object;
const titles = (lang: 'fr' | 'en') => screenTitles(createI18n(lang, { [lang]: { translation: load(lang) } }, null).t);

describe('the titles of the screens guarded in the browser', () => {
  it('are texts of fr.json and en.json, none missing', () => {
    for (const lang of ['fr', 'en'] as const) {
      const written = titles(lang);
      for (const [screen, key] of Object.entries(SCREEN_TITLE_KEYS)) {
        expect(written[screen as keyof typeof SCREEN_TITLE_KEYS], `${lang} ${key}`).not.toBe(key);
      }
    }
  });

  it('follow the language the page is rendered in, as the root’s loader sends them', () => {
    const root = (lang: 'fr' | 'en') => [
      { id: 'root', loaderData: { lang, screenTitles: titles(lang) } },
      { id: 'routes/scanner' },
    ];
    expect(screenMeta(root('en'), 'scanner')).toEqual([
      { title: 'Scan a badge' },
      { name: 'robots', content: 'noindex' },
    ]);
    expect(screenMeta(root('fr'), 'borne')[0]).toEqual({ title: 'Borne d’impression des badges' });
    expect(screenMeta(root('fr'), 'readBadge')[0]).toEqual({ title: 'Lecture de badge' });
    expect(screenMeta(root('fr'), 'espaceExposant')[0]).toEqual({ title: 'Espace exposant' });
    expect(screenMeta(root('en'), 'loginControleur')[0]).toEqual({ title: 'Controller sign-in' });
  });

  it('keep the page out of search engines even without the root’s data', () => {
    expect(screenMeta([], 'scanner')).toEqual([{ name: 'robots', content: 'noindex' }]);
  });
});
