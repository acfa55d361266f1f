import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { adminLoginThroughApi } from './fixtures';
import { mailTo } from './support/mail';

/**
 * The organiser's side of a stand sold online, in the back-office: a company's option on two
 * stands of the demo's Hall E is confirmed (its contract and two invoices issued and mailed), its
 * contract downloaded, its deposit recorded (the company's account opens), then the booking
 * cancelled with a reason and a credit note for each invoice.
 */

async function holdThroughTheSite(page: Page, stands: string[], email: string): Promise<string> {
  await page.goto('/robots.txt');
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  const offer = await page.request.get('/backend/api/stand-offer');
  const version = ((await offer.json()) as { data: { conditions: { version: number } } }).data.conditions.version;
  const res = await page.request.post('/backend/api/stand-bookings', {
    headers: { [XSRF_HEADER]: xsrf },
    data: {
      data: {
        stands,
        companyName: 'Société Marocaine des Façades',
        ice: '001234567000089',
        taxId: '40123456',
        tradeRegister: 'RC Casablanca 123456',
        address: '12, boulevard Zerktouni',
        city: 'Casablanca',
        signatoryName: 'Amina Berrada',
        signatoryRole: 'Directrice générale',
        contactName: 'Youssef El Idrissi',
        email,
        phone: '+212 522 00 00 00',
        conditionsVersion: version,
        accept: true,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { reference: string } }).data.reference;
}

test('an organiser confirms an option, downloads its contract, records its deposit, then cancels it with its credit notes', async ({
  page,
}) => {
  const email = `facades-${Date.now()}@example.com`;
  // Two adjoining 24 m² stands of Hall E that are not corners; a second run takes another pair,
  // the first run's booking being live if it failed before its cancellation.
  const pairs = [
    ['E-03', 'E-09'],
    ['E-05', 'E-11'],
  ];
  const reference = await holdThroughTheSite(page, pairs[test.info().retry % pairs.length]!, email);
  await adminLoginThroughApi(page);
  await page.goto(`/admin/stand-bookings?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`);
  await page.getByRole('cell', { name: reference }).click();
  await expect(page.getByText('Société Marocaine des Façades')).toBeVisible();

  await page.getByRole('button', { name: 'Confirmer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Réservation confirmée : contrat et factures envoyés.')).toBeVisible();
  await expect(page.getByText('Contrat signé')).toBeVisible();
  await expect(page.getByText(/^F\d{4}-\d{5} — acompte$/)).toBeVisible();
  await expect(page.getByText(/^F\d{4}-\d{5} — solde$/)).toBeVisible();
  // The option's mail, then the contract's.
  const mail = await mailTo(email, 2);
  // The company's mail carries the reference its transfers quote, with the contract and both invoices attached.
  expect(mail).toContain(reference);
  expect(mail.match(/Content-Type: application\/pdf/g)).toHaveLength(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Contrat (PDF)' }).click();
  const contract = await readFile(await (await download).path());
  expect(contract.subarray(0, 5).toString()).toBe('%PDF-');

  // The deposit (30 % of 72,000 MAD, with 20 % VAT) comes in: the company's account opens.
  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await page.getByRole('dialog').getByLabel('Montant (MAD)').fill('25920');
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Paiement enregistré.')).toBeVisible();
  await expect(page.getByText('Acompte reçu', { exact: true })).toBeVisible();
  await expect(page.getByText('Paiements reçus : 25 920,00 MAD')).toBeVisible();

  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  await page.getByRole('dialog').getByLabel('Motif (envoyé à la société)').fill('Désistement de la société');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Réservation annulée : les avoirs sont émis et envoyés.')).toBeVisible();
  await expect(page.getByText(/^AV\d{4}-\d{5} — avoir$/)).toHaveCount(2);
  await expect(page.getByText('Annulé — annulée')).toBeVisible();
});

test('an organiser mails an enquirer the link to /exposer, which opens with the enquiry’s details filled in', async ({
  page,
}) => {
  await page.goto('/robots.txt');
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  const email = `lien-${Date.now()}@example.com`;
  const sent = await page.request.post('/backend/api/demandes-exposants', {
    headers: { [XSRF_HEADER]: xsrf },
    data: { data: { nom: 'Nadia Ouazzani', email, telephone: '+212 661 11 22 33', societe: 'Ouazzani Carrelage' } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = ((await sent.json()) as { data: { id: number } }).data.id;
  await adminLoginThroughApi(page);
  await page.goto(`/admin/enquiries/${id}`);
  await page.getByRole('button', { name: 'Proposer un stand en ligne' }).click();
  await expect(page.getByText('Lien de réservation envoyé')).toBeVisible();
  // The acknowledgement of the enquiry, then the organiser's link.
  const mail = await mailTo(email, 2);
  const link = /(\/exposer\?demande=[\w.-]+)/.exec(mail)![1]!;
  await page.goto(link);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Raison sociale', { exact: true })).toHaveValue('Ouazzani Carrelage');
  await expect(page.getByLabel('Nom du contact', { exact: true })).toHaveValue('Nadia Ouazzani');
});
