import { asLanguage, pick, type Texts } from '@salon/shared';
import type { MetaDescriptor } from 'react-router';

/**
 * The titles of the screens whose guard runs in the browser: the exhibitor area, the scanner, the
 * kiosk and the gate's. Their data is the browser's (a client loader), so no server loader can
 * translate their titles as the other pages' are; each is here in each language, with the key of
 * the same text in fr.json and en.json, which the unit tests hold it to
 * (apps/web/test/screen-titles.test.ts).
 */
export const SCREEN_TITLES = {
  espaceExposant: { key: 'nav.exhibitorArea', fr: 'Espace exposant', en: 'Exhibitor area' },
  scanner: { key: 'scanner.title', fr: 'Scanner un badge', en: 'Scan a badge' },
  borne: { key: 'pages.borne.title', fr: 'Borne d’impression des badges', en: 'Badge kiosk' },
  loginControleur: { key: 'pages.loginControleur.title', fr: 'Connexion contrôleur', en: 'Controller sign-in' },
  espaceControleur: { key: 'pages.espaceControleur.title', fr: 'Espace contrôleur', en: 'Controller area' },
  controleur: { key: 'pages.controleur.title', fr: 'Contrôle des badges', en: 'Badge control' },
  readBadge: { key: 'pages.readBadge.title', fr: 'Lecture de badge', en: 'Badge reading' },
} as const satisfies Record<string, { key: string } & Texts>;

export type Screen = keyof typeof SCREEN_TITLES;

/** What `meta` is given of the matched routes: the root's data says the page's language. */
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/**
 * A screen's title and `noindex`, in the language the page is rendered in: the root's, which is
 * also the document's `<html lang>` (on the server and in the browser alike).
 */
export function screenMeta(matches: Matches, screen: Screen): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { lang?: string } | undefined;
  return [{ title: pick(asLanguage(root?.lang), SCREEN_TITLES[screen]) }, { name: 'robots', content: 'noindex' }];
}
