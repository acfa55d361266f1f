import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCREEN_TITLES, screenMeta } from '../app/lib/screen-titles';

const dir = path.resolve(import.meta.dirname, '../public/assets/i18n');
const load = (lang: string) => JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as unknown;
const at = (messages: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);

describe('the titles of the screens guarded in the browser', () => {
  it('are the texts of fr.json and en.json', () => {
    const fr = load('fr');
    const en = load('en');
    for (const { key, fr: french, en: english } of Object.values(SCREEN_TITLES)) {
      expect(at(fr, key), key).toBe(french);
      expect(at(en, key), key).toBe(english);
    }
  });

  it('follow the language the page is rendered in, French by default', () => {
    const root = (lang?: string) => [{ id: 'root', loaderData: lang ? { lang } : undefined }, { id: 'routes/scanner' }];
    expect(screenMeta(root('en'), 'scanner')).toEqual([
      { title: 'Scan a badge' },
      { name: 'robots', content: 'noindex' },
    ]);
    expect(screenMeta(root('fr'), 'borne')[0]).toEqual({ title: 'Borne d’impression des badges' });
    expect(screenMeta(root(), 'readBadge')[0]).toEqual({ title: 'Lecture de badge' });
    expect(screenMeta([], 'espaceExposant')[0]).toEqual({ title: 'Espace exposant' });
  });
});
