import type { TFunction } from 'i18next';
import type { MetaDescriptor } from 'react-router';

/**
 * The screens whose guard runs in the browser (the exhibitor area, the scanner, the kiosk and the
 * gate's), by the key of their title in the translation files. Their data is the browser's (a
 * client loader), so no loader of theirs can translate their titles as the other pages' are: the
 * root's loader sends them with every page, in the page's language (`screenTitles`).
 */
export const SCREEN_TITLE_KEYS = {
  espaceExposant: 'nav.exhibitorArea',
  scanner: 'scanner.title',
  borne: 'pages.borne.title',
  loginControleur: 'pages.loginControleur.title',
  espaceControleur: 'pages.espaceControleur.title',
  controleur: 'pages.controleur.title',
  readBadge: 'pages.readBadge.title',
} as const;

export type Screen = keyof typeof SCREEN_TITLE_KEYS;
type ScreenTitles = Record<Screen, string>;

/** Each screen's title, as `t` (the page's language) writes it. */
export const screenTitles = (t: TFunction): ScreenTitles =>
  Object.fromEntries(Object.entries(SCREEN_TITLE_KEYS).map(([screen, key]) => [screen, t(key)])) as ScreenTitles;

/** What `meta` is given of the matched routes: the root's data carries the titles. */
type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** A screen's title and `noindex`, in the language the page is rendered in (the root's). */
export function screenMeta(matches: Matches, screen: Screen): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { screenTitles?: ScreenTitles } | undefined;
  const title = root?.screenTitles?.[screen];
  return [...(title ? [{ title }] : []), { name: 'robots', content: 'noindex' }];
}
