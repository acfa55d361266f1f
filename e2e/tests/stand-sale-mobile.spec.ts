import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './fixtures';
import { mailTo } from './support/mail';

/**
 * /exposer on a phone while the demo edition's stands are on sale: a company picks two stands of
 * Hall C one above the other, reads the price, gives its legal identity and holds them; another
 * company that picked one of them a moment before is told at once, and the plan shows it held.
 * The stands of Hall C with odd numbers are free in the demo; these tests take their own.
 */

async function openSale(page: Page) {
  await page.goto('/exposer');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Choisissez votre stand' })).toBeVisible();
}

const pick = (page: Page, number: string) => page.getByRole('checkbox', { name: new RegExp(`^${number} — `) }).check();

async function fillCompany(page: Page, email: string) {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('Raison sociale').fill('شركة الأطلس للبناء');
  await field('ICE (15 chiffres)').fill('00123456700008');
  await field('Identifiant fiscal (IF)').fill('40123456');
  await field('Registre du commerce (RC)').fill('RC Casablanca 123456');
  await field('Adresse').fill('12, boulevard Zerktouni');
  await field('Ville').fill('Casablanca');
  await field('Nom du signataire').fill('Amina Berrada');
  await field('Fonction du signataire').fill('Directrice générale');
  await field('Nom du contact').fill('Youssef El Idrissi');
  await field('Email').fill(email);
  await field('Téléphone').fill('+212 522 00 00 00');
  await page.getByRole('checkbox', { name: /J’ai lu et j’accepte les conditions générales de vente/ }).check();
}

const submit = (page: Page) => page.getByRole('button', { name: 'Poser une option sur ces stands' }).click();

test('a company holds two adjoining stands from its phone, sees the price and gets its option by mail', async ({
  page,
}) => {
  await openSale(page);
  await page.getByRole('button', { name: 'Hall C' }).click();
  await pick(page, 'C-01');
  await pick(page, 'C-07');
  // Two 24 m² stands sold bare at 1,500 MAD a m², the corner ones 10 % more: 39,600 MAD each.
  const selection = page.locator('.sale-quote');
  await expect(selection.getByRole('row', { name: /Total HT \(48 m²\)/ })).toContainText('79 200,00');
  await expect(selection.getByRole('row', { name: /Total TTC/ })).toContainText('95 040,00');

  const email = `achat-${Date.now()}@atlas.example`;
  await fillCompany(page, email);
  await submit(page);
  // The ICE typed has 14 digits: said under its field, nothing sent.
  await expect(page.getByText('L’ICE compte 15 chiffres.')).toBeVisible();
  await page.getByLabel('ICE (15 chiffres)', { exact: true }).fill('001234567000089');
  await submit(page);

  await expect(page.getByRole('heading', { name: 'Votre option est posée' })).toBeVisible();
  await expect(page.getByText(/Les stands C-01, C-07 vous sont réservés jusqu’au .+ inclus\./)).toBeVisible();
  const reference = await page.locator('.stand-sale strong').innerText();
  expect(reference).toMatch(/^S2024-\d{6}-\d$/);
  const mail = await mailTo(email);
  expect(mail).toContain(reference);
  expect(mail).toContain('Bonjour Youssef El Idrissi,');

  // The plan shows them under option now, naming no one.
  await openSale(page);
  await page.getByRole('button', { name: 'Hall C' }).click();
  await expect(page.locator('[data-stand="C-01"]')).toHaveAttribute('aria-label', 'Stand C-01, en option');
  await expect(page.getByRole('checkbox', { name: /^C-01 — / })).toHaveCount(0);
});

test('of two companies on the same stand, the second is told it was just taken and the plan shows it', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage();
  // A second run takes another pair: the first run's option holds its stands.
  const [first, second] = [
    ['C-13', 'C-19'],
    ['C-15', 'C-21'],
  ][test.info().retry % 2]!;
  await openSale(page);
  await openSale(other);
  for (const p of [page, other]) {
    await p.getByRole('button', { name: 'Hall C' }).click();
    await pick(p, first!);
    await pick(p, second!);
  }
  await fillCompany(other, `premier-${Date.now()}@example.com`);
  await other.getByLabel('ICE (15 chiffres)', { exact: true }).fill('001234567000089');
  await submit(other);
  await expect(other.getByRole('heading', { name: 'Votre option est posée' })).toBeVisible();

  await fillCompany(page, `second-${Date.now()}@example.com`);
  await page.getByLabel('ICE (15 chiffres)', { exact: true }).fill('001234567000089');
  await submit(page);
  await expect(page.getByText('Un stand choisi vient d’être réservé par une autre société').first()).toBeVisible();
  await expect(page.locator(`[data-stand="${first}"]`)).toHaveAttribute('aria-label', `Stand ${first}, en option`);
  // What was typed stays: a free stand chosen again holds with it.
  await expect(page.getByLabel('Raison sociale', { exact: true })).toHaveValue('شركة الأطلس للبناء');
  await other.close();
});
