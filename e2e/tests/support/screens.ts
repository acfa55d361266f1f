import { test, type Locator, type Page } from '@playwright/test';

/**
 * The two screens the site is checked on: a 390 × 844 phone, for the 'phone'
 * project (a Pixel 7, touch), and a 1366 × 768 laptop, for the 'desktop' project. A spec that
 * both projects run calls `onWalkScreens()` at its top.
 */
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1366, height: 768 };

export function onWalkScreens(): void {
  test.use({ viewport: async ({ isMobile }, use) => use(isMobile ? PHONE : LAPTOP) });
}

/** A finger on a phone, the mouse elsewhere. */
export async function press(page: Page, target: Locator): Promise<void> {
  if (page.viewportSize()!.width <= PHONE.width) await target.tap();
  else await target.click();
}

/**
 * Holds back the page's scripts until `release()` is called, so that what a visitor does first
 * happens before them, however fast this machine fetches them.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    // The page may have gone elsewhere meanwhile.
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/**
 * Waits until React has hydrated the page and its effects have run: the site header measures
 * itself in an effect (--header-height), after the one that closes its menus on a navigation.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('#main');
    return (
      !!main &&
      Object.keys(main).some((key) => key.startsWith('__reactProps$')) &&
      document.documentElement.style.getPropertyValue('--header-height') !== ''
    );
  });
  // Two frames more, for whatever React left to a later task.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
