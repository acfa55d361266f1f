import { expect, test, type Page } from '@playwright/test';
import { accounts, login, storedSession, texts, waitForHydration } from './fixtures';
import { mailTo } from './support/mail';
import { unique } from './support/visitors';

const PASSWORD = 'Chantier2024x';
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

/** A new collaborator of the demo exhibitor, signed in on `page` through its access mail. */
async function newCollaborator(page: Page): Promise<string> {
  const email = `changement-${unique()}@example.com`;
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  await page
    .getByRole('navigation', { name: 'Menu de l’espace exposant' })
    .getByRole('button', { name: 'Ajouter un collaborateur', exact: true })
    .click();
  await page.getByLabel('Nom & Prénom').fill('Hind Changement');
  await page.getByLabel('Fonction').fill('Acheteuse');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Téléphone', { exact: true }).fill(`05${String(Date.now()).slice(-8)}`);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('status')).toHaveText('Collaborateur ajouté avec succès.');
  const link = /https?:\/\/[^\s"<]+\/definir-mot-de-passe\?token=[\w.-]+/.exec(await mailTo(email))![0];
  await page.evaluate(() => localStorage.clear());
  await page.goto(pathOf(link));
  await waitForHydration(page);
  await page.getByLabel('Nouveau mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  await expect(page).toHaveURL(/\/espace-exposant$/);
  return email;
}

test.describe('Changing the sign-in address', () => {
  test('a new address asks for the current password, stays pending, and the link mailed to it changes it', async ({
    page,
  }) => {
    const oldEmail = await newCollaborator(page);
    const newEmail = `nouvelle-${unique()}@example.com`;
    const email = page.getByLabel('Email', { exact: true });
    const current = page.getByLabel('Mot de passe actuel');
    await expect(email).toHaveValue(oldEmail);
    await expect(current).toHaveCount(0);

    await email.fill(newEmail);
    await expect(current).toBeVisible();
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(current).toHaveAccessibleDescription(texts.required);
    await expect(page.getByRole('status')).toHaveCount(0);

    await current.fill('Pas-le-bon-2024');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(current).toHaveAccessibleDescription('Mot de passe incorrect.');
    await expect(page.getByRole('status')).toHaveCount(0);

    // Back to the current address, the field goes away.
    await email.fill(oldEmail.toUpperCase());
    await expect(current).toHaveCount(0);
    await email.fill(newEmail);
    await current.fill(PASSWORD);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByRole('status')).toHaveText([
      'Modifications enregistrées avec succès.',
      `Un lien de confirmation a été envoyé à ${newEmail}. Votre adresse de connexion reste ${oldEmail} jusqu’à ce que vous ouvriez ce lien.`,
    ]);
    await expect(email).toHaveValue(oldEmail);
    await expect(current).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(oldEmail);
    const before = await storedSession(page);

    const link = /https?:\/\/[^\s"<]+\/confirmer-email\?token=[\w.-]+/.exec(await mailTo(newEmail, 1))![0];
    await page.goto(pathOf(link));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmer ma nouvelle adresse' })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByRole('status')).toHaveText(`Votre adresse de connexion est désormais ${newEmail}.`);
    // The page holds a fresh session; the one before was ended with every other.
    expect((await storedSession(page))?.jwt).not.toBe(before?.jwt);
    // The former address is told (after the access mail it got first).
    expect(await mailTo(oldEmail, 2)).toContain(newEmail);

    await page.getByRole('link', { name: 'Aller à mon espace' }).click();
    await expect(page).toHaveURL(/\/espace-exposant$/);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);

    // The link works once.
    await page.goto(pathOf(link));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Ce lien n’est plus valide. Demandez à nouveau le changement d’adresse depuis « Informations ».',
    );

    // The new address signs in.
    await page.evaluate(() => localStorage.clear());
    await login(page, newEmail, PASSWORD);
  });

  test('a wrong confirmation link says so, in French and in English', async ({ page }) => {
    for (const [query, text] of [
      ['', 'Ce lien n’est plus valide. Demandez à nouveau le changement d’adresse depuis « Informations ».'],
      ['&lang=en', 'This link is no longer valid. Ask for the address change again from “Informations”.'],
    ] as const) {
      await page.goto(`/confirmer-email?token=${unique()}${query}`);
      await waitForHydration(page);
      await page.getByRole('button', { name: query ? 'Confirm' : 'Confirmer' }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
    }
  });
});
