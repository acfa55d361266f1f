import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../public/assets/i18n');
const load = (lang: string) => JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as unknown;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('fr.json and en.json hold the same keys', () => {
    expect(keys(load('en')).sort()).toEqual(keys(load('fr')).sort());
  });
  it('keeps the specification’s French texts to the letter', () => {
    const fr = load('fr') as Record<string, Record<string, string>>;
    expect(fr.login?.failed).toBe('Login et/ou Mot de passe est incorect.');
    expect(fr.validation?.required).toBe('Champ obligatoire');
    expect(fr.validation?.email).toBe("Format d'email incorrecte");
  });
});
