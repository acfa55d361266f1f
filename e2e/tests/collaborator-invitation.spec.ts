import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { accounts, DEMO_COMPANY, login, waitForHydration } from './fixtures';
import { mailTo } from './support/mail';
import { registerVisitor, unique } from './support/visitors';

let phoneCounter = 0;
/** A phone number no other test uses. */
const uniquePhone = () => `07${String(Date.now() + phoneCounter++).slice(-8)}`;
/** 'dd/MM/yyyy HH:mm', the area's date format. */
const DATE_TIME = String.raw`\d{2}/\d{2}/\d{4} \d{2}:\d{2}`;
const INVALID = 'Cette invitation n’est plus valide. Demandez à l’exposant de vous inviter à nouveau.';

const areaMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu de l’espace exposant' });

async function openTab(page: Page, name: string) {
  await areaMenu(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The demo exhibitor types the person's address in 'Ajouter un collaborateur'. */
async function invite(page: Page, email: string) {
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  await openTab(page, 'Ajouter un collaborateur');
  await page.getByLabel('Nom & Prénom').fill('Nom Tapé Par Exposant');
  await page.getByLabel('Fonction').fill('Poste Tapé');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Téléphone', { exact: true }).fill(uniquePhone());
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Cette personne a déjà un compte : elle a reçu une invitation par e-mail et rejoindra votre équipe quand elle l’aura acceptée.',
  );
}

/** The invitation link of the newest mail to `email` (a visitor first got its badge mail). */
async function invitationLink(email: string): Promise<string> {
  const link = /https?:\/\/[^\s"<]+\/invitation-collaborateur\?token=[\w.-]+/.exec(await mailTo(email, 2));
  if (!link) throw new Error(`no invitation link in the last mail to ${email}`);
  const url = new URL(link[0]);
  return url.pathname + url.search;
}

test.describe('A collaborator invitation', () => {
  test('an exhibitor invites a visitor, who opens the mailed link, chooses a password, accepts and lands in the area as a collaborator', async ({
    page,
    request,
  }) => {
    const visitor = await registerVisitor(request, 'Invitée');
    await invite(page, visitor.email);

    await openTab(page, 'Collaborateurs');
    const row = page.getByRole('row').filter({ hasText: visitor.email });
    await expect(row.getByRole('rowheader')).toHaveText(
      new RegExp(`^Nom Tapé Par Exposant\\s*Invitation envoyée, valable jusqu’au ${DATE_TIME}$`),
    );
    await expect(row.getByRole('button')).toHaveText(['Annuler l’invitation']);

    const link = await invitationLink(visitor.email);
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation à rejoindre une équipe' })).toBeVisible();
    await expect(
      page.getByText(`${DEMO_COMPANY} vous invite à rejoindre son équipe dans l’espace exposant.`),
    ).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'vous vous connectez' })).toHaveText(
      `vous vous connectez à l’espace exposant avec l’adresse ${visitor.email}.`,
    );
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    const password = page.getByLabel('Mot de passe', { exact: true });
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(password).toHaveAccessibleDescription(/^Champ obligatoire/);
    await password.fill('court');
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(password).toHaveAccessibleDescription(
      /^Le mot de passe ne respecte pas toutes les règles ci-dessous\./,
    );
    await expect(page).toHaveURL(/\/invitation-collaborateur\?/);

    await password.fill('Chantier2024x');
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(page).toHaveURL(/\/espace-exposant$/);
    await expect(page.locator('.area-banner')).toHaveText('Espace collaborateur');
    // The person's own name and address stay; the company is the exhibitor's.
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue(visitor.name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(visitor.email);
    await expect(page.getByLabel('Société')).toHaveValue(DEMO_COMPANY);

    // The link worked once.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(INVALID);
    await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);

    // The exhibitor's list now shows the collaborator, with its badge.
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openTab(page, 'Collaborateurs');
    const joined = page.getByRole('row').filter({ hasText: visitor.email });
    await expect(joined.getByRole('rowheader')).toHaveText(visitor.name);
    await expect(joined.getByRole('button', { name: 'Télécharger le Badge' })).toBeVisible();

    // And the person signs in with the password chosen on the invitation page.
    await page.evaluate(() => localStorage.clear());
    await login(page, visitor.email, 'Chantier2024x');
    await expect(page.locator('.area-banner')).toHaveText('Espace collaborateur');
  });

  test('opening the link changes nothing; the exhibitor cancels the invitation on a phone and the link stops working', async ({
    page,
    request,
  }) => {
    const visitor = await registerVisitor(request, 'Annulée');
    await invite(page, visitor.email);
    const link = await invitationLink(visitor.email);
    // What a mail scanner does: it fetches the page, server-rendered.
    const scanned = await request.get(link);
    expect(scanned.status()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await openTab(page, 'Collaborateurs');
    const row = page.getByRole('row').filter({ hasText: visitor.email });
    await expect(row.getByText(new RegExp(`^Invitation envoyée, valable jusqu’au ${DATE_TIME}$`))).toBeVisible();
    const cancel = row.getByRole('button', { name: 'Annuler l’invitation' });
    // On a phone the action's name is written beside its icon.
    await expect(cancel.getByText('Annuler l’invitation')).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(1);

    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await cancel.click();
    await expect(page.getByRole('row').filter({ hasText: visitor.email })).toHaveCount(0);
    expect(question).toBe(`Annuler l’invitation envoyée à ${visitor.email} ? Son lien ne fonctionnera plus.`);

    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(INVALID);
  });

  test('a wrong invitation link says so, in French and in English', async ({ page }) => {
    await page.goto(`/invitation-collaborateur?token=${unique()}`);
    await expect(page.getByRole('alert')).toHaveText(INVALID);
    await page.goto(`/invitation-collaborateur?token=${unique()}&lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invitation to join a team' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation is no longer valid. Ask the exhibitor to invite you again.',
    );
  });
});
