import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_REQUIRED } from '@salon/shared';

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
  it('says under the consent box what the server answers a registration without it', () => {
    for (const lang of ['fr', 'en'] as const) {
      const texts = load(lang) as Record<string, Record<string, string>>;
      expect(texts.validation?.consent).toBe(CONSENT_REQUIRED[lang]);
    }
  });
  it('keeps the specification’s French texts to the letter', () => {
    const fr = load('fr') as Record<string, Record<string, string>>;
    expect(fr.login?.failed).toBe('Login et/ou Mot de passe est incorect.');
    expect(fr.validation?.required).toBe('Champ obligatoire');
    expect(fr.validation?.email).toBe("Format d'email incorrecte");
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
});
