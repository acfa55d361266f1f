import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'react-admin';
import {
  DEFAULT_LANGUAGE,
  asLanguage,
  inEveryLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  type Texts,
} from '@salon/shared';

/** A part's own messages in each language (French first, English complete). */
export type AdminMessages = Texts<Record<string, unknown>>;

/** What the shell itself says, and the keys the shared zod schemas and the API answer with. */
const shellMessages: AdminMessages = {
  fr: {
    admin: {
      title: 'Back-office du Salon',
      auth: {
        email: 'Adresse e-mail',
        password: 'Mot de passe',
        signIn: 'Se connecter',
        intro: 'Espace réservé aux organisateurs.',
        failed: 'Adresse e-mail ou mot de passe incorrect.',
        required: 'Veuillez vous connecter.',
        expired: 'Votre session a expiré, veuillez vous reconnecter.',
      },
      errors: {
        network: 'Connexion impossible. Vérifiez votre réseau et réessayez : vos saisies sont conservées.',
        generic: 'Une erreur est survenue, veuillez réessayer.',
      },
      media: {
        choose: 'Choisir un fichier',
        replace: 'Remplacer',
        remove: 'Retirer',
        uploading: 'Envoi…',
        imageHint: 'PNG, JPEG ou WebP, 5 Mo au plus.',
        pdfHint: 'PDF, 20 Mo au plus.',
        none: 'Aucun fichier',
      },
      language: 'Langue',
    },
    required: 'Champ obligatoire',
    email: "Format d'email incorrecte",
    weakPassword: 'Le mot de passe ne respecte pas toutes les règles.',
    emailTaken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  },
  en: {
    admin: {
      title: 'Show back-office',
      auth: {
        email: 'E-mail address',
        password: 'Password',
        signIn: 'Sign in',
        intro: 'For the organisers only.',
        failed: 'Wrong e-mail address or password.',
        required: 'Please sign in.',
        expired: 'Your session has expired, please sign in again.',
      },
      errors: {
        network: 'Cannot connect. Check your network and try again: what you typed is kept.',
        generic: 'Something went wrong, please try again.',
      },
      media: {
        choose: 'Choose a file',
        replace: 'Replace',
        remove: 'Remove',
        uploading: 'Uploading…',
        imageHint: 'PNG, JPEG or WebP, 5 MB at most.',
        pdfHint: 'PDF, 20 MB at most.',
        none: 'No file',
      },
      language: 'Language',
    },
    required: 'Required',
    email: 'Invalid e-mail address',
    weakPassword: 'The password does not follow all the rules.',
    emailTaken: 'This e-mail address is already used by another account.',
  },
};

/**
 * React-admin's own texts, as the back-office writes its French: curly apostrophes
 * ("Le formulaire n’est pas valide."). The not-found page adds its own full stop after
 * `ra.message.not_found`, which ends with one already ("…un mauvais lien.."): taken off here.
 */
function curlyApostrophes(messages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.replace(/(?<=\p{L})'(?=\p{L})/gu, '’')
        : value && typeof value === 'object'
          ? curlyApostrophes(value as Record<string, unknown>)
          : value,
    ]),
  );
}
const withoutFinalStop = (text: string) => text.replace(/\.$/, '');
const notFound = (text: string) => ({ ra: { message: { not_found: withoutFinalStop(text) } } });
/** React-admin's texts in each language, the not-found page's fixed. */
const reactAdminMessages: AdminMessages = {
  fr: merge(curlyApostrophes(frenchMessages), curlyApostrophes(notFound(frenchMessages.ra.message.not_found))),
  en: merge(englishMessages, notFound(englishMessages.ra.message.not_found)),
};
/** Each language as the back-office's language menu names it. */
const LANGUAGE_NAMES: Texts = { fr: 'Français', en: 'English' };

function merge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** The language the visitor chose on the public site, kept in localStorage; French otherwise. */
function initialLanguage(): Language {
  try {
    return asLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function createI18nProvider(parts: AdminMessages[]) {
  const all = [shellMessages, ...parts];
  const catalogue = inEveryLanguage((lang) => all.reduce((acc, p) => merge(acc, p[lang]), reactAdminMessages[lang]));
  return polyglotI18nProvider(
    (locale) => catalogue[asLanguage(locale)] as TranslationMessages,
    initialLanguage(),
    LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    // A key no part translates shows as its last word rather than a crash or a blank.
    { allowMissing: true },
  );
}
