import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { LANGUAGES } from '@salon/shared';
import { adminTexts, createI18nProvider, inLanguageLabel, languageName } from '../admin/i18n';
import { announcementText } from '../admin/resources/edition-actions';

/** Every message key of an object, as react-admin's polyglot reads them ('a.b.c'). */
const keys = (messages: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('the back-office’s texts', () => {
  it('has a file in admin/i18n for every language of LANGUAGES, and none for another', () => {
    const files = readdirSync(new URL('../admin/i18n/', import.meta.url)).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((lang) => `${lang}.json`).sort());
  });

  for (const lang of LANGUAGES) {
    it(`has in ${lang} exactly the keys French has`, () => {
      expect(keys(adminTexts[lang]).sort()).toEqual(keys(adminTexts.fr).sort());
    });
  }

  it('has French texts for the shell, the dashboard and each part', () => {
    expect(keys(adminTexts.fr)).toEqual(
      expect.arrayContaining([
        'admin.title',
        'admin.dashboard.title',
        'resources.editions.name',
        'resources.stands.name',
      ]),
    );
  });

  it('labels a field’s value in one language with that language named in the back-office’s', async () => {
    const i18n = createI18nProvider();
    const label = (locale: 'fr' | 'en', key: string, lang: 'fr' | 'en') =>
      inLanguageLabel(i18n.translate, locale, key, lang);
    await i18n.changeLocale('fr');
    expect(label('fr', 'resources.galeries.fields.caption', 'fr')).toBe('Légende (français)');
    expect(label('fr', 'resources.temoignages.fields.role', 'en')).toBe('Fonction (anglais)');
    expect(label('fr', 'resources.temoignages.fields.quote', 'fr')).toBe('Citation (français)');
    expect(label('fr', 'resources.conferences.fields.title', 'en')).toBe('Titre (anglais)');
    expect(label('fr', 'resources.conferences.fields.description', 'fr')).toBe(
      'Description et intervenants (français)',
    );
    await i18n.changeLocale('en');
    expect(label('en', 'resources.galeries.fields.caption', 'en')).toBe('Caption (English)');
    expect(label('en', 'resources.temoignages.fields.quote', 'fr')).toBe('Quote (French)');
  });

  it('names each language in itself, as the language menu shows it', () => {
    expect(languageName('fr')).toBe('Français');
    expect(languageName('en')).toBe('English');
  });
});

/** Every text of an object, with its key. */
const texts = (messages: Record<string, unknown>, prefix = ''): [string, string][] =>
  Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? texts(value as Record<string, unknown>, `${prefix}${key}.`)
      : typeof value === 'string'
        ? [[`${prefix}${key}`, value] as [string, string]]
        : [],
  );

describe('the back-office’s French typography', () => {
  it('writes its own apostrophes curly, as the site does, but for the specification’s own text', () => {
    const straight = texts(adminTexts.fr).filter(([, text]) => /\p{L}'\p{L}/u.test(text));
    expect(straight).toEqual([['email', "Format d'email incorrecte"]]);
  });

  it('writes react-admin’s French curly too, and its missing page’s sentence with one full stop', async () => {
    const i18n = createI18nProvider();
    await i18n.changeLocale('fr');
    expect(i18n.translate('ra.message.invalid_form')).toBe('Le formulaire n’est pas valide.');
    // The page prints the text, then a full stop of its own (ra-ui-materialui's NotFound).
    expect(`${i18n.translate('ra.message.not_found')}.`).toBe(
      'L’URL saisie est incorrecte, ou vous avez suivi un mauvais lien.',
    );
    expect(i18n.translate('ra.page.not_found')).toBe('Page manquante');
    // Only the specification's own text keeps its straight apostrophe.
    expect(i18n.translate('email')).toBe("Format d'email incorrecte");
    await i18n.changeLocale('en');
    expect(`${i18n.translate('ra.message.not_found')}.`).toBe(
      'Either you typed a wrong URL, or you followed a bad link.',
    );
  });
});

describe('the newsletter invitation’s dialog', () => {
  const say = async (language: 'fr' | 'en', subscribers: number) => {
    const i18n = createI18nProvider();
    await i18n.changeLocale(language);
    return announcementText({ subscribers, sentAt: null }, i18n.translate);
  };

  it('says that no address has confirmed yet, rather than naming “the confirmed address”', async () => {
    expect(await say('fr', 0)).toBe(
      'Aucune adresse n’a encore confirmé son inscription à la newsletter : l’invitation n’a personne à qui partir pour l’instant.',
    );
    expect(await say('en', 0)).toBe(
      'No address has confirmed its newsletter subscription yet: the invitation has no one to go to for now.',
    );
    expect(await say('fr', 1)).toBe(
      'L’invitation à cette édition partira vers l’adresse confirmée de la newsletter, une seule fois.',
    );
  });
});
