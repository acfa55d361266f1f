import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { formatVisit, PUBLIC_PATHS, VISIT_COOKIE } from '@salon/shared';
import { sharedReadingPage } from './fixtures';

/** Every public route of the route table, and the pages only signed-out visitors see. */
const ROUTES = [
  ...PUBLIC_PATHS,
  '/salon',
  '/login',
  '/not-found',
  '/conference/1',
  // An exhibitor's page: the demo's first exhibitor, with all it can show.
  '/annuaire/atlas-beton-industrie-1',
  // The plan with a stand and search results highlighted.
  '/plan-2024?stand=B-14&q=beton',
];

test.describe('Accessibility', () => {
  const reader = sharedReadingPage();

  for (const path of ROUTES) {
    test(`axe-core finds no violation on ${path}`, async () => {
      const page = reader();
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
});

test.describe('Accessibility of the minimal layout', () => {
  // A page of their own: ?lang= is remembered, and the main layout's pages after would be in that
  // language. Each address here names its language.
  const reader = sharedReadingPage();

  for (const path of ['/borne', '/login-controleur', '/ebadge']) {
    for (const lang of ['fr', 'en']) {
      test(`axe-core finds no violation on ${path}?lang=${lang}`, async () => {
        const page = reader();
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
      });
    }
  }
});

test.describe('Accessibility of a visitor’s own list', () => {
  // The demo's first exhibitor and first conference kept on the device: every star says so.
  const KEPT_PATHS = [
    '/ma-visite',
    '/annuaire/atlas-beton-industrie-1',
    '/plan-2024?stand=A-02',
    '/programme-du-forum',
  ];

  const reader = sharedReadingPage({}, [
    { name: VISIT_COOKIE, value: encodeURIComponent(formatVisit({ exhibitors: [1], conferences: [1] })) },
  ]);

  for (const path of KEPT_PATHS) {
    test(`axe-core finds no violation on ${path} with an exhibitor and a conference in 'Ma visite'`, async () => {
      const page = reader();
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Dans ma visite — / }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
});
