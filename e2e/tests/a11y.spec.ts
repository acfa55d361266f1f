import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_PATHS } from '@salon/shared';
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
