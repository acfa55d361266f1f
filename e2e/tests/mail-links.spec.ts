import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './fixtures';
import { xsrf } from './support/gate';
import { mailTo } from './support/mail';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const link = (mail: string, pattern: RegExp) => pattern.exec(mail)![0];

async function registerVisitor(page: Page, email: string) {
  await page.goto('/');
  await waitForHydration(page);
  const form = page.locator('#inscription-visiteur');
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('button', { name: 'Recevoir mon badge' })).toBeEnabled();
  await form.getByLabel('Nom & Prénom').fill('Yasmine Badge');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Téléphone', { exact: true }).fill('0612345678');
  await form.getByLabel('Société', { exact: true }).fill('Atelier Test');
  await form.getByRole('button', { name: 'Recevoir mon badge' }).click();
  await expect(form.getByRole('status')).toBeVisible();
}

test.describe('The badge mail and the e-badge page', () => {
  test('the badge mail arrives with the PDF attached, and its link shows the badge on the phone', async ({ page }) => {
    const email = `ebadge-${unique()}@example.com`;
    await registerVisitor(page, email);
    const mail = await mailTo(email, 1);
    expect(mail).toContain('Subject: =?UTF-8?Q?Votre_badge');
    expect(mail).toMatch(/Content-Type: application\/pdf; name=badge-sib-2024-\d+\.pdf/);
    const ebadge = link(mail, /https?:\/\/[^\s"<]+\/ebadge\?token=[\w.-]+/);
    await page.goto(new URL(ebadge).pathname + new URL(ebadge).search);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yasmine Badge');
    await expect(page.getByText('Visiteur', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Code QR du badge, à présenter au contrôle' })).toBeVisible();
    await expect(page.getByText('Entrée gratuite sur présentation de ce badge')).toBeVisible();
    // What a scan at a stand passes on, as the registration form and the mail say it (decision 049).
    await expect(
      page.getByText(
        'Quand vous faites scanner votre badge sur un stand, l’exposant reçoit vos nom, e-mail, téléphone, société et fonction. Votre e-badge liste les stands qui l’ont scanné ; vous pouvez demander à chacun de ne plus vous contacter.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByText('29 mai 2024 : 9h00-19h00')).toBeVisible();
    await expect(page.locator('header.site-header')).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger le badge (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^badge-sib-2024-\d+\.pdf$/);
    // 'Ajouter à mon agenda': the show's days at Marrakech's hours, as the mail's own link gives them.
    const [calendar] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Ajouter à mon agenda' }).click(),
    ]);
    expect(calendar.suggestedFilename()).toBe('mon-salon.ics');
    const ics = await readFile(await calendar.path(), 'utf8');
    expect(ics).toContain('DTSTART;TZID=Africa/Casablanca:20240529T090000');
    expect(ics).toContain('SUMMARY:Salon International du Bâtiment — 6e édition');
    expect(mail).toMatch(/Ajouter =?C3=A0 mon agenda : https?:\/\/[^\s]+\/calendar\.ics\?token=/);
  });

  test('an English registration’s badge mail opens the e-badge page in English, its card below the bar and its hours written "9:00–19:00"', async ({
    page,
  }) => {
    const email = `ebadge-en-${unique()}@example.com`;
    const sent = await page.request.post('/backend/api/visiteurs/putVisitor', {
      headers: await xsrf(page.request),
      data: { data: { name: 'John Badge', email, phone: '0612345678', lang: 'en' } },
    });
    expect(sent.status()).toBe(201);
    const ebadge = new URL(link(await mailTo(email, 1), /https?:\/\/[^\s"<]+\/ebadge\?token=[\w.&=-]+/));
    await page.goto(ebadge.pathname + ebadge.search);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Download the badge (PDF)' })).toBeVisible();
    await expect(page.getByText('29 May 2024: 9:00–19:00')).toBeVisible();
    await expect(
      page.getByText(
        'When you have your badge scanned at a stand, the exhibitor receives your name, e-mail, phone, company and position. Your e-badge lists the stands that scanned it; you can ask each of them not to contact you again.',
        { exact: true },
      ),
    ).toBeVisible();
    // The card's top (the show's band) shows whole below the page's bar, on a computer and on a phone.
    for (const size of [null, { width: 390, height: 844 }]) {
      if (size) await page.setViewportSize(size);
      const bar = (await page.locator('.minimal-bar').boundingBox())!;
      const band = (await page.locator('.ebadge-band').boundingBox())!;
      expect(band.y).toBeGreaterThanOrEqual(bar.y + bar.height + 8);
    }
  });

  test('a link that is not valid says so', async ({ page }) => {
    await page.goto('/ebadge?token=abc.def');
    await expect(page.getByRole('alert')).toContainText('Ce lien n’est pas valide ou a expiré.');
  });
});

test.describe('Newsletter double opt-in', () => {
  test('the confirmation mail’s link confirms, and its unsubscribe link unsubscribes in one click', async ({
    page,
  }) => {
    const email = `optin-${unique()}@example.com`;
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(page.locator('#newsletter').getByRole('button', { name: 'S’inscrire' })).toBeEnabled();
    await page.getByLabel('Votre adresse e-mail').fill(email);
    await page.locator('#newsletter').getByRole('button', { name: 'S’inscrire' }).click();
    await expect(page.locator('#newsletter').getByRole('status')).toHaveText(
      'Votre email a été bien enregistré. Si votre adresse n’est pas encore confirmée, un e-mail de confirmation vient de vous être envoyé : cliquez sur son lien pour confirmer votre inscription.',
    );

    const mail = await mailTo(email, 1);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const confirm = new URL(link(mail, /https?:\/\/[^\s"<]+\/newsletter\?action=confirm&token=[\w.-]+/));
    await page.goto(confirm.pathname + confirm.search);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
    await expect(page.getByRole('status')).toHaveText('Votre inscription à la newsletter est confirmée. Merci !');

    const unsubscribe = new URL(link(mail, /https?:\/\/[^\s"<]+\/newsletter\?action=unsubscribe&token=[\w.-]+/));
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await expect(page.getByRole('status')).toHaveText(
      'Vous êtes désinscrit(e) de la newsletter : vous ne recevrez plus nos e-mails.',
    );
  });
});
