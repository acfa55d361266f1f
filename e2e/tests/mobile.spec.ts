import { devices, expect, test } from '@playwright/test';
import { accounts, DEMO_COMPANY, login, waitForHydration } from './fixtures';

// The phone project runs this file as a Pixel 7; the desktop project picks it up too (its
// testMatch is the default), so the file sets the phone itself to mean the same in both.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

test.describe('On a phone', () => {
  test('the header shows a "Menu" toggle that reveals the navigation groups', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const toggle = nav.locator('summary', { hasText: 'Menu' });
    const group = (name: string) => nav.locator('summary').filter({ hasText: new RegExp(`^${name}$`) });
    await expect(toggle).toBeVisible();
    await expect(group('Le Salon')).toBeHidden();

    await toggle.click();

    for (const name of ['Le Salon', 'Le Forum', 'Exposer', 'Infos pratiques']) {
      await expect(group(name)).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Espace exposant' })).toBeVisible();

    await group('Le Salon').click();
    await nav.getByRole('link', { name: 'Editions depuis 2003' }).click();

    await expect(page).toHaveURL(/\/historique$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editions depuis 2003');
    // The menu closes after a navigation.
    await expect(group('Le Salon')).toBeHidden();
  });

  test('the demo exhibitor signs in and sees its company name', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);

    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
    await expect(page.locator('.area-company')).toBeInViewport();
    await expect(
      page
        .getByRole('navigation', { name: "Menu de l'espace exposant" })
        .getByRole('button', { name: 'Badge Exposant' }),
    ).toBeVisible();
  });
});
