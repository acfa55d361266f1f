import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { devices, expect, test } from '@playwright/test';
import { accounts, DEMO_COMPANY, login } from './fixtures';
import { exhibitorToken, xsrf } from './support/gate';
import { openMyScans } from './support/scanning';
import { registerVisitor } from './support/visitors';

// The phone project runs this file as a Pixel 7 (its name ends in mobile.spec.ts); the desktop
// project picks it up too, so the file sets the phone itself to mean the same in both.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

/**
 * 'Stands visités': a visitor scanned at the demo exhibitor's stand finds it on
 * their e-badge, takes its contact card, asks it not to contact them; the exhibitor sees the mark
 * on the lead. Each run registers its own visitor, so that a second run on the same server
 * (desktop, then phone) finds its own lead.
 */
test('a visitor finds the stand that scanned them on their e-badge, takes its card and asks not to be contacted; the exhibitor sees it', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const visitor = await registerVisitor(request, 'Salma');
  const scanned = await request.post('/backend/api/scans', {
    headers: { authorization: `Bearer ${await exhibitorToken(request)}`, ...(await xsrf(request)) },
    data: { scans: [{ id: randomUUID(), badge: visitor.token, scannedAt: new Date().toISOString() }] },
  });
  expect(scanned.status(), await scanned.text()).toBe(200);

  // The exhibitor's card for the visitors it scans, in 'Fiche annuaire'.
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  await page
    .getByRole('navigation', { name: 'Menu de l’espace exposant' })
    .getByRole('button', { name: 'Fiche annuaire' })
    .click();
  const card = page.locator('form.visitor-card-form');
  await card.getByLabel('Nom du contact').fill('Samir Accueil');
  await card.getByLabel('E-mail', { exact: true }).fill('pas-une-adresse');
  await card.getByRole('button', { name: 'Enregistrer la carte' }).click();
  await expect(card.getByText("Format d'email incorrecte")).toBeVisible();
  await card.getByLabel('E-mail', { exact: true }).fill('accueil@exposant.example');
  await card.getByLabel('Téléphone').fill('+212 522 11 22 33');
  await card.getByRole('button', { name: 'Enregistrer la carte' }).click();
  await expect(card.getByText('Carte de contact enregistrée.')).toBeVisible();

  // The visitor's e-badge, from the badge mail's link.
  await page.goto(`/ebadge?token=${visitor.key}`);
  const section = page.getByRole('region', { name: 'Stands visités' });
  await expect(section).toBeVisible();
  const stand = section.getByRole('listitem').filter({ hasText: DEMO_COMPANY });
  await expect(stand).toHaveCount(1);
  await expect(stand.getByRole('link', { name: DEMO_COMPANY })).toHaveAttribute('href', /^\/annuaire\/[a-z0-9-]+-\d+$/);
  await expect(stand.getByRole('link', { name: 'Voir sur le plan' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await stand.getByRole('link', { name: 'Carte de contact (.vcf)' }).click();
  const download = await downloading;
  const saved = testInfo.outputPath('contact.vcf');
  await download.saveAs(saved);
  const vcard = await readFile(saved, 'utf8');
  expect(vcard).toContain('VERSION:4.0');
  expect(vcard).toContain('FN:Samir Accueil');
  expect(vcard).toContain('EMAIL:accueil@exposant.example');
  expect(vcard).toContain('TEL;VALUE=text:+212 522 11 22 33');

  // Asked once more before it is sent, and undone from the same place.
  await stand.getByText('Ne plus me contacter', { exact: true }).click();
  await expect(stand.getByText(`${DEMO_COMPANY} ne verra plus votre e-mail ni votre téléphone`)).toBeVisible();
  await stand.getByRole('button', { name: 'Confirmer : ne plus me contacter' }).click();
  await expect(page).toHaveURL(new RegExp(`/ebadge\\?token=${visitor.key}#stands-visited$`));
  await expect(stand.getByText('Vous avez demandé à cet exposant de ne plus vous contacter.')).toBeVisible();
  await expect(stand.getByRole('button', { name: 'Annuler ma demande' })).toBeVisible();

  // The exhibitor's 'Mes scans': the lead is marked, without e-mail or phone, its follow-up still its own.
  await page.goto('/espace-exposant');
  await openMyScans(page);
  const lead = page.locator('tbody').filter({ hasText: visitor.name }).first();
  await expect(lead.getByText('Ne souhaite plus être contacté')).toBeVisible();
  await expect(lead).not.toContainText(visitor.email);
  await expect(lead.getByLabel('Suivi')).toBeEnabled();
});
