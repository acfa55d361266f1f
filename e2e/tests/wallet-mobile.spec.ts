import { readFile } from 'node:fs/promises';
import { devices, expect, test } from '@playwright/test';
import { GATE_BASE_URL } from '../playwright.config';
import { accounts, login } from './fixtures';
import { GATE_MAIL_DIR } from './support/mail';
import { registerVisitor } from './support/visitors';

// The phone project runs this file as a Pixel 7 (its name ends in mobile.spec.ts); the desktop
// project picks it up too, so the file sets the phone itself to mean the same in both.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

/**
 * The badge in the phone's wallet and the visit in its calendar: the first server
 * offers Apple Wallet (playwright.config.ts gives it a certificate chain of its own), the gates'
 * server does not.
 */
test.describe('Apple Wallet and the calendar', () => {
  test('a visitor finds Apple’s and Google’s buttons under their e-badge, and each gives their pass', async ({
    page,
    request,
  }) => {
    const visitor = await registerVisitor(request, 'Imane');
    await page.goto(`/ebadge?token=${visitor.key}`);
    const wallet = page.getByRole('link', { name: 'Ajouter à Apple Wallet' });
    await expect(wallet).toBeVisible();
    // Apple's own badge, between the PDF and the calendar.
    await expect(wallet.getByRole('img')).toHaveAttribute('src', '/backend/api/wallet/apple-badge.svg?lang=fr');
    const order = await page
      .locator('a.btn, a.wallet-button')
      .evaluateAll((links) => links.map((l) => l.textContent?.trim() || l.querySelector('img')?.alt));
    expect(order.slice(0, 4)).toEqual([
      'Télécharger le badge (PDF)',
      'Ajouter à Apple Wallet',
      'Ajouter à Google Wallet',
      'Ajouter à mon agenda',
    ]);
    // Google's link is made on the tap: the button leads to it.
    const google = page.getByRole('link', { name: 'Ajouter à Google Wallet' });
    const saved = await request.get((await google.getAttribute('href'))!, { maxRedirects: 0 });
    expect(saved.status()).toBe(303);
    expect(saved.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const pass = await request.get((await wallet.getAttribute('href'))!);
    expect(pass.status()).toBe(200);
    expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    expect((await pass.body()).subarray(0, 2).toString('latin1')).toBe('PK');
    await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toBeVisible();
  });

  test('an exhibitor adds its badge to Apple Wallet from its area’s Badge tab', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await page
      .getByRole('navigation', { name: 'Menu de l’espace exposant' })
      .getByRole('button', { name: 'Badge Exposant' })
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Ajouter à Apple Wallet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^badge-sib-2024-\d+\.pkpass$/);
    expect((await readFile(await download.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  test('an exhibitor adds its badge to Google Wallet from its area’s Badge tab', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await page
      .getByRole('navigation', { name: 'Menu de l’espace exposant' })
      .getByRole('button', { name: 'Badge Exposant' })
      .click();
    const google = page.getByRole('button', { name: 'Ajouter à Google Wallet' });
    await expect(google.getByRole('img')).toHaveAttribute('src', '/backend/api/wallet/google-badge.svg?lang=fr');
    // Under Apple's, as on the e-badge page.
    const buttons = await page
      .locator('button.wallet-button img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
    expect(buttons).toEqual(['Ajouter à Apple Wallet', 'Ajouter à Google Wallet']);
    // The tap leads, by the badge's short-lived link, to Google's save page (not reached from the tests).
    const [saved] = await Promise.all([page.waitForRequest(/^https:\/\/pay\.google\.com\//), google.click()]);
    expect(saved.url()).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(saved.redirectedFrom()?.url()).toMatch(/\/backend\/api\/registrations\/googleWalletPass\/\d+\?token=/);
  });

  test.describe('on a server without the organiser’s Apple configuration', () => {
    test.use({ baseURL: GATE_BASE_URL });
    test('no wallet button shows, and the calendar stays', async ({ page, request }) => {
      const visitor = await registerVisitor(request, 'Hamza', GATE_MAIL_DIR);
      await page.goto(`/ebadge?token=${visitor.key}`);
      await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Télécharger le badge (PDF)' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ajouter à Apple Wallet' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Ajouter à Google Wallet' })).toHaveCount(0);
      await expect(page.locator('img[src*="apple-badge"]')).toHaveCount(0);
    });
  });
});
