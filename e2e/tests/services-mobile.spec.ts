import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { adminLoginThroughApi, accounts, login, storedSession } from './fixtures';
import { mailTo } from './support/mail';

/**
 * The exhibitor's services on a phone: the demo exhibitor, whose stand A-02 was bought online and
 * confirmed, orders power and furniture from its area, is told when it asks for more than is left,
 * finds its order with its invoice; then the organiser, on a phone too, cancels an order from the
 * booking's page (its credit note) and the stock comes back.
 */

const MONEY = (amount: string) => amount.replace(/ /g, '\\s');

test('an exhibitor orders power and tables from its phone, is told when too few are left, and finds its order and invoice', async ({
  page,
}) => {
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  await page.goto('/espace-exposant?tab=services');
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect(
    page.getByText(/Vos commandes sont facturées sur votre réservation S2024-\d{6}-\d \(stand A-02\)/),
  ).toBeVisible();

  const tables = page.getByLabel('Table haute', { exact: true });
  const left = Number(/(\d+) disponibles/.exec(await page.locator('.service-line', { has: tables }).innerText())![1]);
  await tables.fill(String(left + 1));
  await page.getByRole('button', { name: 'Commander' }).click();
  await expect(page.getByText(`Il en reste ${left} : réduisez la quantité.`)).toBeVisible();

  await tables.fill('2');
  await page.getByLabel('Branchement électrique', { exact: true }).fill('6');
  // 6 kW at 450 MAD and 2 tables at 250 MAD: 3,200 MAD excluding tax, 3,840 MAD with 20 % VAT.
  await expect(page.getByText(new RegExp(`Total de la commande : ${MONEY('3 200,00')}\\sMAD HT`))).toBeVisible();
  await page.getByRole('button', { name: 'Commander' }).click();
  const done = page.getByText(
    new RegExp(`Commande enregistrée : la facture (F\\d{4}-\\d{5}) de ${MONEY('3 840,00')}\\sMAD TTC`),
  );
  await expect(done).toBeVisible();
  const label = /F\d{4}-\d{5}/.exec(await done.innerText())![0];
  await expect(page.locator('.service-line', { has: tables })).toContainText(`${left - 2} disponibles`);
  await expect(page.getByText('6 × Branchement électrique, 2 × Table haute')).toBeVisible();

  // The order's mail, its invoice attached (the newest to the exhibitor once the worker sent it).
  await expect.poll(async () => (await mailTo(accounts.exhibitor.email)).includes(label)).toBe(true);
  expect(await mailTo(accounts.exhibitor.email)).toContain('Content-Type: application/pdf');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Facture ${label} (PDF)` }).click();
  const pdf = await readFile(await (await download).path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});

test('the organiser cancels an order of services from its phone: a credit note is issued and the stock comes back', async ({
  page,
}) => {
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  const { jwt } = (await storedSession(page))!;
  const catalogue = await page.request.get('/backend/api/my-services', { headers: { authorization: `Bearer ${jwt}` } });
  const { services, booking } = (await catalogue.json()) as {
    services: { id: number; name: { fr: string }; left: number | null }[];
    booking: { reference: string };
  };
  const internet = services.find((s) => s.name.fr === 'Accès internet filaire')!;
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  const ordered = await page.request.post('/backend/api/my-services/orders', {
    headers: { authorization: `Bearer ${jwt}`, [XSRF_HEADER]: xsrf },
    data: { lines: [{ service: internet.id, quantity: 1 }] },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const { label } = ((await ordered.json()) as { invoice: { label: string } }).invoice;

  await adminLoginThroughApi(page);
  await page.goto(`/admin/stand-bookings?filter=${encodeURIComponent(JSON.stringify({ q: booking.reference }))}`);
  await page.getByText(booking.reference).first().click();
  await expect(page.getByText(`${label} — prestations`)).toBeVisible();
  // One button per order not cancelled yet: this one is the last.
  const cancel = page.getByRole('button', { name: 'Annuler la commande' });
  const orders = await cancel.count();
  await cancel.last().click();
  await expect(page.getByRole('dialog')).toContainText(`Annuler la commande de services facturée ${label}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Commande annulée : l’avoir est émis et envoyé.')).toBeVisible();
  await expect(page.getByText(/^AV\d{4}-\d{5} — avoir$/).last()).toBeVisible();
  await expect(cancel).toHaveCount(orders - 1);

  const after = await page.request.get('/backend/api/my-services', { headers: { authorization: `Bearer ${jwt}` } });
  const back = ((await after.json()) as { services: { id: number; left: number | null }[] }).services;
  expect(back.find((s) => s.id === internet.id)!.left).toBe(internet.left);
});
