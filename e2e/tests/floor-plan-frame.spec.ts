import { expect, test, type Page } from '@playwright/test';
import type { PlanHallLayout, PlanStand } from '@salon/shared';
import { DEMO_COMPANY } from './fixtures';
import { holdScripts, hydrated, onWalkScreens, press } from './support/screens';

/**
 * 'Voir sur le plan' opens /plan-2024?stand=X#plan zoomed on that stand: the stand must be inside the
 * plan's frame, whatever its place in the hall, on every load (it used to show the hall's top
 * left corner now and then). The taken stands at each hall's edges, where a wrong zoom
 * shows, on a 390 × 844 phone and at 1366 × 768, each on a load of its own. (Every taken stand,
 * about a hundred loads a screen, took over three minutes of a CI run for the same finding.)
 */
onWalkScreens();

/** Waits until the zoom has stopped moving: the same transform over three looks, zoomed in. */
async function zoomSettled(page: Page) {
  await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toBeVisible();
  await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLElement>('.plan-canvas');
      const seen = window as unknown as { lastTransform?: string; sameFor?: number };
      const now = canvas?.style.transform ?? '';
      seen.sameFor = now === seen.lastTransform ? (seen.sameFor ?? 0) + 1 : 0;
      seen.lastTransform = now;
      return /scale\(/.test(now) && !/scale\(1\)/.test(now) && seen.sameFor >= 3;
    },
    undefined,
    { polling: 100 },
  );
}

for (const hall of ['Hall A', 'Hall B', 'Hall C', 'Hall D', 'Hall E']) {
  test(`the taken stands at the edges of ${hall}, each opened from its address, show inside the plan's frame`, async ({
    page,
    browser,
    baseURL,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    userAgent,
    locale,
  }) => {
    test.slow();
    const plan = (await (await page.request.get('/backend/api/floor-plan')).json()) as {
      data: { halls: PlanHallLayout[] };
    };
    const taken = plan.data.halls
      .find((h) => h.name === hall)!
      .stands.filter((s) => s.companies.length > 0 && s.number !== 'FORUM');
    expect(taken.length).toBeGreaterThan(5);
    // The left-, right-, top- and bottom-most stands, the two far corners and the middle one.
    const by = (key: (s: PlanStand) => number) => [...taken].sort((a, b) => key(a) - key(b));
    const right = (s: PlanStand) => s.x + s.width;
    const bottom = (s: PlanStand) => s.y + s.height;
    const byLeft = by((s) => s.x);
    const stands = [
      ...new Set(
        [
          byLeft[0],
          by(right).at(-1),
          by((s) => s.y)[0],
          by(bottom).at(-1),
          by((s) => right(s) + bottom(s)).at(-1),
          by((s) => right(s) - s.y).at(-1),
          byLeft[taken.length >> 1],
        ].map((s) => s!.number),
      ),
    ];

    // Each stand on a load of its own, in a context of its own for the hall: nothing of the site
    // in the cache for the first, and the page's scripts from the cache for the others, as for a
    // visitor who follows one link, then another (a new context per stand took 2.6 s a stand).
    const context = await browser.newContext({
      viewport: page.viewportSize(),
      isMobile,
      hasTouch,
      deviceScaleFactor,
      userAgent,
      baseURL,
      locale,
    });
    const visit = await context.newPage();
    const outside: string[] = [];
    const offScreen: string[] = [];
    for (const number of stands) {
      // The address as the site's links give it: its #plan opens the page on the plan.
      await visit.goto(`/plan-2024?stand=${number}#plan`);
      await zoomSettled(visit);
      const frame = (await visit.locator('.plan-zoom').boundingBox())!;
      const stand = (await visit.locator(`.hall-plan [data-stand="${number}"]`).boundingBox())!;
      const inside =
        stand.x >= frame.x - 1 &&
        stand.y >= frame.y - 1 &&
        stand.x + stand.width <= frame.x + frame.width + 1 &&
        stand.y + stand.height <= frame.y + frame.height + 1;
      if (!inside) outside.push(number);
      // On a phone, the stand and its card (company, 'Voir la fiche', 'Ajouter à ma visite') on one screen.
      if (isMobile && !(await onScreen(visit, `.hall-plan [data-stand="${number}"]`, '.stand-card')))
        offScreen.push(number);
    }
    await context.close();
    expect(outside, `stands outside the frame at ${page.viewportSize()!.width} px`).toEqual([]);
    expect(offScreen, "stands or cards off the phone's screen").toEqual([]);
  });
}

/** Whether each of `selectors` shows whole between the sticky header and the screen's foot. */
async function onScreen(page: Page, ...selectors: string[]) {
  const header = (await page.locator('.site-header').boundingBox())!;
  const height = page.viewportSize()!.height;
  for (const selector of selectors) {
    const box = await page.locator(selector).boundingBox();
    if (!box || box.y < header.y + header.height - 1 || box.y + box.height > height + 1) return false;
  }
  return true;
}

test('on a phone, a stand tapped on the plan shows whole with its card, without going back to the top @phone', async ({
  page,
}) => {
  await page.goto('/plan-2024');
  await page.locator('.plan-frame').scrollIntoViewIfNeeded();
  await press(page, page.locator('.hall-plan [data-stand="A-02"]'));
  // At the link's #plan if the tap came before the scripts, without it once they run.
  await expect(page).toHaveURL(/\?stand=A-02(#plan)?$/);
  await zoomSettled(page);
  await expect(page.locator('.stand-card')).toContainText('Voir la fiche');
  expect(await onScreen(page, '.hall-plan [data-stand="A-02"]', '.stand-card')).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('on a phone, a stand opened from the directory shows with its card before the scripts, and the page stays still when they start @phone', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto(`/annuaire?q=${encodeURIComponent(DEMO_COMPANY)}`);
  await press(page, page.getByRole('link', { name: 'Voir sur le plan' }).first());
  await expect(page).toHaveURL(/\/plan-2024\?stand=A-02#plan$/);
  // Before any script: the stand and its card on the screen, below the header.
  await expect(page.locator('.stand-card')).toContainText(DEMO_COMPANY);
  await expect.poll(() => onScreen(page, '.hall-plan [data-stand="A-02"]', '.stand-card')).toBe(true);
  await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toHaveCount(0);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);

  // The scripts start (the frame asks for them, and a touch would): the page does not move, so a
  // tap on the card lands where the visitor aimed.
  scripts.release();
  await page.keyboard.press('Shift');
  await hydrated(page);
  await zoomSettled(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);

  // Once they run, another stand chosen in the list below the plan comes into view with its card,
  // in the same page.
  await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));
  const list = page.getByRole('region', { name: 'Stands du Hall A' });
  await press(page, list.getByRole('link', { name: 'A-08', exact: true }));
  await expect(page).toHaveURL(/\/plan-2024\?stand=A-08#plan$/);
  await expect(page.getByRole('complementary', { name: 'Stand A-08 · Hall A' })).toBeVisible();
  await zoomSettled(page);
  expect(await onScreen(page, '.hall-plan [data-stand="A-08"]', '.stand-card')).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('on a phone, a stand named by an address without #plan opens with its card on the screen before the scripts @phone', async ({
  page,
}) => {
  // The address as a visitor types it, or kept from before the site's links said #plan.
  // (Scrolled into view, the page starts its scripts, held here: it never reaches 'load'.)
  await holdScripts(page);
  await page.goto('/plan-2024?stand=A-18', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toHaveCount(0);
  await expect(page.locator('.stand-card')).toBeVisible();
  await expect.poll(() => onScreen(page, '.hall-plan [data-stand="A-18"]', '.stand-card')).toBe(true);
  expect(await page.evaluate(() => location.hash)).toBe('');
});
