import { expect, test, type Page } from '@playwright/test';
import { isLinkPath, type PageKey } from '@salon/shared';
import { PAGE_ROUTES } from '../../apps/web/app/config/page-routes';
import { READING_PAGES } from '../../apps/web/app/lib/deferred-scripts';
import { sharedReadingPage } from './fixtures';
import { hydrated, holdScripts, LAPTOP, onWalkScreens, PHONE, press } from './support/screens';

/**
 * The pages that are read start their scripts at the visitor's first touch, click or key
 * (decision 025), and they arrive up to a second or two later. Whatever the visitor did meanwhile
 * must still be there once they have: a menu opened by that very first tap, a field typed, a
 * sector chosen, a hall's tab chosen. The scripts are held back here until the visitor has acted,
 * so that the order is the same on any machine. On a 390 px phone and at 1366 px.
 */
onWalkScreens();

/**
 * Where each page of READING_PAGES is: its address, or here when the page reads a part of it (a
 * page added without an address fails).
 */
const ADDRESS: Partial<Record<PageKey, string>> = {
  exposant: '/annuaire/atlas-beton-industrie-1',
  editionPage: '/salon',
};
const READING = PAGE_ROUTES.filter(({ id }) => READING_PAGES.has(id));

const isPhone = (page: Page) => page.viewportSize()!.width < 600;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const menu = (page: Page, name: string) =>
  nav(page)
    .locator('details')
    .filter({ has: page.locator('summary', { hasText: new RegExp(`^(☰ )?${name}$`) }) });

test.describe('A menu opened before the scripts', () => {
  // One page for these tests, each on an address loaded anew with its scripts held (a page of
  // their own took a new context each), on the screen of onWalkScreens.
  const reader = sharedReadingPage(({ isMobile }) => ({ viewport: isMobile ? PHONE : LAPTOP }));

  READING.forEach(({ key, page: { path }, id }, i) => {
    const address = ADDRESS[key] ?? (isLinkPath(path) ? path : undefined);
    test(`on ${address ?? id}, a menu opened by the first tap or click is still open once the page's scripts have run`, async () => {
      const page = reader();
      expect(address, `the address of ${id}`).toBeDefined();
      const scripts = await holdScripts(page);
      // Not until 'load': a scroll while the page arrives may start its (held) scripts, which 'load' waits for.
      await page.goto(address!, { waitUntil: 'domcontentloaded' });
      // A phone opens '☰ Menu'; a laptop one of the groups of the bar.
      const name = isPhone(page) ? 'Menu' : i % 2 ? 'Exposer' : 'Le Forum';
      const opened = menu(page, name);
      // What that menu shows once open.
      const inside = isPhone(page)
        ? nav(page).locator('summary', { hasText: /^Le Salon$/ })
        : opened.getByRole('link').first();
      await expect(inside).toBeHidden();

      await press(page, opened.locator('summary'));
      await expect(inside).toBeVisible();
      scripts.release();
      await hydrated(page);

      await expect(opened).toHaveAttribute('open', '');
      await expect(inside).toBeVisible();
      // And it still closes when asked.
      await press(page, opened.locator('summary'));
      await expect(inside).toBeHidden();
    });
  });
});

/** The home page's visitor registration, reached before its scripts have run. */
async function visitorFormBeforeTheScripts(page: Page) {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const form = page.locator('#inscription-visiteur');
  await form.scrollIntoViewIfNeeded();
  const submit = form.getByRole('button', { name: 'Recevoir mon badge' });
  // Until the scripts run, the form cannot be sent.
  await expect(submit).toBeDisabled();
  return { form, submit, release: scripts.release };
}

test('what a visitor typed into a form before the scripts ran is still in it, and is sent, once they have', async ({
  page,
}) => {
  const { form, submit, release } = await visitorFormBeforeTheScripts(page);
  await form.getByLabel('Nom & Prénom').pressSequentially('Yasmine Bennani');
  await form.getByLabel('Email', { exact: true }).pressSequentially('yasmine.bennani@');
  await form.getByLabel('Téléphone', { exact: true }).pressSequentially('0612345678');

  release();
  await expect(submit).toBeEnabled();
  await hydrated(page);
  await expect(form.getByLabel('Nom & Prénom')).toHaveValue('Yasmine Bennani');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue('yasmine.bennani@');
  await expect(form.getByLabel('Téléphone', { exact: true })).toHaveValue('0612345678');

  // The form itself knows them: only the unfinished address stops it.
  await submit.click();
  await expect(form.getByText("Format d'email incorrecte")).toBeVisible();
  await expect(form.getByText('Champ obligatoire')).toHaveCount(0);
});

test('a visitor form filled in whole before the scripts ran registers once they have, with no box to tick', async ({
  page,
}) => {
  const { form, submit, release } = await visitorFormBeforeTheScripts(page);
  const email = `avant-scripts-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await form.getByLabel('Nom & Prénom').pressSequentially('Yasmine Bennani');
  await form.getByLabel('Email', { exact: true }).pressSequentially(email);
  await form.getByLabel('Téléphone', { exact: true }).pressSequentially('0612345678');
  await expect(form.getByRole('checkbox')).toHaveCount(0);

  release();
  await expect(submit).toBeEnabled();
  await hydrated(page);
  await submit.click();
  await expect(form.getByRole('status')).toContainText(
    'Votre inscription est confirmée : votre badge vous a été envoyé par e-mail.',
  );
});

test("the sector 'Autre' chosen in the exhibitor enquiry before the scripts ran shows its free-text field once they have, without taking the cursor from the field being typed", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const form = page.locator('#demande-exposant');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Nom & Prénom').pressSequentially('Omar Benali');
  await form.getByLabel('Secteur d’activité', { exact: true }).selectOption('Autre');
  await form.getByLabel('Message').pressSequentially('Un stand de 18 m²');

  scripts.release();
  await expect(form.getByRole('button', { name: 'Envoyer ma demande' })).toBeEnabled();
  await hydrated(page);
  await expect(form.getByLabel('Secteur d’activité', { exact: true })).toHaveValue('Autre');
  const other = form.getByLabel('Précisez votre secteur d’activité');
  await expect(other).toBeVisible();
  // The visitor was typing the message: the cursor stays there.
  await expect(form.getByLabel('Message')).toBeFocused();
  await expect(form.getByLabel('Message')).toHaveValue('Un stand de 18 m²');
  await expect(form.getByLabel('Nom & Prénom')).toHaveValue('Omar Benali');
});

test('a hall tab of the plan chosen before the scripts ran is still the one shown once they have', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/plan-2024', { waitUntil: 'domcontentloaded' });
  const halls = page.getByRole('navigation', { name: 'Halls' });
  await expect(halls.getByRole('link', { name: 'Hall A' })).toHaveAttribute('aria-current', 'page');

  await press(page, halls.getByRole('link', { name: 'Hall C' }));
  await expect(page).toHaveURL(/\/plan-2024\?hall=hall-c$/);
  await expect(page.getByRole('group', { name: 'Plan du Hall C' })).toBeVisible();
  // The new page waits for a touch of its own.
  scripts.release();
  await press(page, page.getByRole('heading', { level: 1 }));
  await hydrated(page);

  await expect(halls.getByRole('link', { name: 'Hall C' })).toHaveAttribute('aria-current', 'page');
  await expect(halls.getByRole('link', { name: 'Hall A' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('group', { name: 'Plan du Hall C' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stands du Hall C' })).toBeVisible();
  // The zoom came with the scripts, on that hall.
  await expect(page.getByRole('button', { name: 'Zoomer', exact: true })).toBeVisible();
});
