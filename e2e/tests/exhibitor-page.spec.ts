import { expect, test } from '@playwright/test';
import { DEMO_COMPANY } from './fixtures';

/** An exhibitor's page of the directory, /annuaire/<slug>, as a visitor finds it. */

test.describe('An exhibitor’s page', () => {
  test('opens from its card in the directory and shows its presentation, stand, brands, links and conference', async ({
    page,
  }) => {
    await page.goto(`/annuaire?q=${encodeURIComponent('Atlas Béton')}`);
    await page.getByRole('link', { name: DEMO_COMPANY }).click();
    await expect(page).toHaveURL(/\/annuaire\/atlas-beton-industrie-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_COMPANY);
    await expect(page).toHaveTitle(`${DEMO_COMPANY} — Annuaire des exposants — SIB 2024`);
    await expect(page.getByText('Gros Oeuvre', { exact: true })).toBeVisible();
    await expect(page.getByText(/produit et livre du béton prêt à l’emploi/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Marques et produits' }).getByRole('listitem')).toHaveText([
      'AtlasFlow',
      'AtlasFibre',
      'Béton Ocre',
    ]);
    const site = page.getByRole('link', { name: 'Site web' });
    await expect(site).toHaveAttribute('href', 'https://atlas-beton.example');
    await expect(site).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
    await expect(page.getByRole('region', { name: 'Conférences au forum' }).getByRole('link')).toHaveText(/^N°1 — /);
    // Search engines read the company as an Organization.
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      '@type': string;
      name: string;
      url: string;
    };
    expect(data).toMatchObject({ '@type': 'Organization', name: DEMO_COMPANY, url: 'https://atlas-beton.example' });
    // 'Voir sur le plan': its stand highlighted on the floor plan.
    const booth = await page.locator('.exhibitor-stand dd').nth(1).textContent();
    await page.getByRole('link', { name: 'Voir sur le plan' }).click();
    await expect(page).toHaveURL(new RegExp(`/plan-2024\\?stand=${booth}#plan$`));
  });

  test('reads in English, and a former address leads to the page’s address now', async ({ page }) => {
    await page.goto('/annuaire?q=Atlas');
    const href = (await page.getByRole('link', { name: DEMO_COMPANY }).getAttribute('href'))!;
    const id = href.split('-').pop();
    await page.goto(`/annuaire/ancien-nom-${id}?lang=en`);
    await expect(page).toHaveURL(`${href}?lang=en`);
    await expect(page.getByRole('heading', { name: 'Brands and products' })).toBeVisible();
    await expect(page.getByText(/makes and delivers ready-mixed concrete/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'See on the plan' })).toBeVisible();
  });

  test('an address no listed exhibitor has shows the site’s “not found” with the way to the directory', async ({
    page,
  }) => {
    const res = await page.goto('/annuaire/inconnu-999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cet exposant ne figure pas dans l’annuaire');
    await page.getByRole('main').getByRole('link', { name: 'Annuaire des exposants' }).click();
    await expect(page).toHaveURL(/\/annuaire$/);
  });
});

test.describe('An exhibitor’s page without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('is whole as the server sends it, from the directory’s card', async ({ page }) => {
    await page.goto('/annuaire?q=Atlas');
    await page.getByRole('link', { name: DEMO_COMPANY }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_COMPANY);
    await expect(page.getByRole('region', { name: 'Où le trouver' })).toContainText('Hall A');
    await expect(page.getByRole('link', { name: 'Voir sur le plan' })).toBeVisible();
  });
});
