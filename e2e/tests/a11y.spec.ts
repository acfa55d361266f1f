import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PATHS } from '@salon/shared';

/** Every public route of the route table, and the pages only signed-out visitors see. */
const ROUTES = [
  ...PUBLIC_PATHS,
  '/salon',
  '/login',
  '/not-found',
  '/conference/1',
  // The plan with a stand and search results highlighted.
  '/plan-2024?stand=B-14&q=beton',
];

test.describe('Accessibility', () => {
  // One page for the routes, each a load of its own with the project's device: a new page per
  // route cost as much processor as the check (decision 028). A failure starts a new worker, and
  // a new page.
  let page: Page;
  test.beforeAll(async ({ browser }, { project }) => {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId } = project.use;
    const context = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      baseURL,
      locale,
      timezoneId,
    });
    page = await context.newPage();
  });
  test.afterAll(() => page.context().close());

  for (const path of ROUTES) {
    test(`axe-core finds no violation on ${path}`, async () => {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }
});
