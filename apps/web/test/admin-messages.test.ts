import { describe, expect, it } from 'vitest';
import { dashboardMessages } from '../admin/dashboard-page';
import { createI18nProvider, type AdminMessages } from '../admin/i18n';
import { announcementText } from '../admin/resources/edition-actions';
import { contentMessages } from '../admin/resources/content';
import { devicesMessages } from '../admin/resources/devices';
import { editionsMessages } from '../admin/resources/editions';
import { exhibitorAccountsMessages } from '../admin/resources/exhibitor-accounts';
import { mailMessages } from '../admin/resources/mail';
import { peopleMessages } from '../admin/resources/people';
import { siteSettingsMessages } from '../admin/resources/site-settings';
import { staffMessages } from '../admin/resources/staff';

/** Every message key of an object, as react-admin's polyglot reads them ('a.b.c'). */
const keys = (messages: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

const PARTS: Record<string, AdminMessages> = {
  dashboard: dashboardMessages,
  content: contentMessages,
  devices: devicesMessages,
  editions: editionsMessages,
  exhibitorAccounts: exhibitorAccountsMessages,
  mail: mailMessages,
  people: peopleMessages,
  siteSettings: siteSettingsMessages,
  staff: staffMessages,
};

describe('the back-office’s texts', () => {
  for (const [part, messages] of Object.entries(PARTS)) {
    it(`has every ${part} text in French and in English`, () => {
      expect(keys(messages.en).sort()).toEqual(keys(messages.fr).sort());
      expect(keys(messages.fr).length).toBeGreaterThan(0);
    });
  }
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
  it('writes its own apostrophes curly, as the site does', () => {
    const straight = Object.entries(PARTS).flatMap(([part, messages]) =>
      texts(messages.fr, `${part}:`).filter(([, text]) => /\p{L}'\p{L}/u.test(text)),
    );
    expect(straight).toEqual([]);
  });

  it('writes react-admin’s French curly too, and its missing page’s sentence with one full stop', async () => {
    const i18n = createI18nProvider([]);
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
    const i18n = createI18nProvider([editionsMessages]);
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
