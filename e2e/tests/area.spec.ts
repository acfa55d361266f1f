import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { accounts, DEMO_COMPANY, login, texts, waitForHydration } from './fixtures';
import { mailTo } from './support/mail';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A phone number no other test uses. */
const uniquePhone = () => `06${String(Date.now()).slice(-8)}`;

const areaMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu de l’espace exposant' });

async function openTab(page: Page, name: string) {
  await areaMenu(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function addCollaborator(
  page: Page,
  values: { name: string; jobPosition: string; email: string; phone: string },
) {
  await openTab(page, 'Ajouter un collaborateur');
  await page.getByLabel('Nom & Prénom').fill(values.name);
  await page.getByLabel('Fonction').fill(values.jobPosition);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Téléphone', { exact: true }).fill(values.phone);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
}

test.describe('The exhibitor area tabs', () => {
  test('the exhibitor changes its position, sees the success message and finds it after a reload', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    const position = `Directeur commercial ${unique()}`;
    await expect(page.getByLabel('Société')).toHaveValue(DEMO_COMPANY);

    await page.getByLabel('Fonction').fill(position);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();

    await expect(page.getByRole('status')).toHaveText('Modifications enregistrées avec succès.');
    await page.reload();
    await expect(page.getByLabel('Fonction')).toHaveValue(position);
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
  });

  test('an emptied name shows "Champ obligatoire" under it after the submit attempt, and nothing is saved', async ({
    page,
  }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    const name = page.getByLabel('Nom & Prénom');
    await expect(name).not.toHaveValue('');

    await name.fill('   ');
    await expect(page.getByText(texts.required)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();

    await expect(name).toHaveAccessibleDescription(texts.required);
    await expect(page.getByRole('status')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Nom & Prénom')).not.toHaveValue('');
  });

  test('an e-mail address of another account is refused under the Email field, and what was typed stays', async ({
    page,
  }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    const email = page.getByLabel('Email', { exact: true });
    // The form shows the account's address once it has arrived; typed before, it was replaced.
    await expect(email).toHaveValue(accounts.exhibitor.email);
    await email.fill(accounts.collaborator.email);
    await page.getByLabel('Mot de passe actuel').fill(accounts.exhibitor.password);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();

    await expect(email).toHaveAccessibleDescription('Cette adresse e-mail est déjà utilisée par un autre compte.');
    await expect(email).toHaveValue(accounts.collaborator.email);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the exhibitor downloads its badge as a PDF and e-mails it', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openTab(page, 'Badge Exposant');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger mon Badge' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(page).toHaveURL(/\/espace-exposant\?tab=badge$/);

    await page.getByRole('button', { name: 'Envoyer mon Badge par email' }).click();
    await expect(page.getByRole('status')).toHaveText('Badge exposant envoyé avec succès.');
  });

  test('the exhibitor adds a collaborator, then the same address again is refused', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    const collaborator = {
      name: 'Karim Nouveau',
      jobPosition: 'Chef de chantier',
      email: `collab-${unique()}@example.com`,
      phone: uniquePhone(),
    };

    await addCollaborator(page, collaborator);
    await expect(page.getByRole('status')).toHaveText('Collaborateur ajouté avec succès.');
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue('');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('');

    await page.getByLabel('Nom & Prénom').fill('Karim Doublon');
    await page.getByLabel('Fonction').fill('Chef de chantier');
    await page.getByLabel('Email', { exact: true }).fill(collaborator.email);
    await page.getByLabel('Téléphone', { exact: true }).fill(uniquePhone());
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Collaborateur existe déjà avec cet email et/ou numéro téléphone.',
    );
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue('Karim Doublon');
  });

  test('an empty new-collaborator form shows "Champ obligatoire" under its four fields', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openTab(page, 'Ajouter un collaborateur');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText(texts.required)).toHaveCount(4);
  });

  test('the new collaborator is listed; the exhibitor e-mails its badge, resends its access and deletes it', async ({
    page,
  }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    const email = `collab-${unique()}@example.com`;
    await addCollaborator(page, { name: 'Salma Liste', jobPosition: 'Commerciale', email, phone: uniquePhone() });
    await expect(page.getByRole('status')).toHaveText('Collaborateur ajouté avec succès.');

    await openTab(page, 'Collaborateurs');
    await expect(page.getByRole('columnheader')).toHaveText(['Nom', 'Fonction', 'Email', 'Téléphone', 'Action']);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Salma Liste');
    await expect(row).toContainText('Commerciale');

    const sendBadge = row.getByRole('button', { name: `Envoyer le Badge par email à ${email}` });
    await expect(sendBadge).toHaveAttribute('title', `Envoyer le Badge par email à ${email}`);
    await sendBadge.click();
    await expect(page.getByRole('status')).toHaveText('Badge envoyé avec succès.');

    await row.getByRole('button', { name: 'Renvoyer l’accès' }).click();
    await expect(page.getByRole('status')).toHaveText('Accès envoyé avec succès.');

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Télécharger le Badge' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    expect(question).toBe('Êtes-vous sûr de vouloir supprimer ce collaborateur ?');
  });

  test('dismissing the confirmation keeps the collaborator', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openTab(page, 'Collaborateurs');
    const row = page.getByRole('row').filter({ hasText: accounts.collaborator.email });
    page.once('dialog', (dialog) => void dialog.dismiss());
    await row.getByRole('button', { name: 'Supprimer' }).click();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: accounts.collaborator.email })).toHaveCount(1);
  });

  test('a new collaborator sets its password from the access mail and lands in its own area', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    const email = `collab-${unique()}@example.com`;
    await addCollaborator(page, { name: 'Nadia Accès', jobPosition: 'Assistante', email, phone: uniquePhone() });
    await expect(page.getByRole('status')).toHaveText('Collaborateur ajouté avec succès.');
    const link = /https?:\/\/[^\s"<]+\/definir-mot-de-passe\?token=[\w.-]+/.exec(await mailTo(email))![0];
    await page.evaluate(() => localStorage.clear());

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Définir mon mot de passe' })).toBeVisible();
    await waitForHydration(page);
    const rules = page.getByRole('list', { name: 'Votre mot de passe doit contenir :' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /Au moins 10 caractères/,
      /Une lettre minuscule/,
      /Une lettre majuscule/,
      /Un chiffre/,
    ]);
    await expect(rules.getByRole('listitem').filter({ hasText: 'non respecté' })).toHaveCount(4);

    const password = page.getByLabel('Nouveau mot de passe');
    await password.fill('abc');
    await expect(rules.getByText('Une lettre minuscule')).toHaveClass(/rule-met/);
    await expect(rules.locator('.rule-met')).toHaveCount(1);
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await expect(password).toHaveAccessibleDescription(/Le mot de passe ne respecte pas toutes les règles/);

    await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await password.fill('Chantier2024x');
    await expect(rules.locator('.rule-met')).toHaveCount(4);
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();

    await expect(page).toHaveURL(/\/espace-exposant$/);
    await expect(page.locator('.area-banner')).toHaveText('Espace collaborateur');
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue('Nadia Accès');

    // The link is single-use.
    await page.evaluate(() => localStorage.clear());
    await page.goto(new URL(link).pathname + new URL(link).search);
    await waitForHydration(page);
    await page.getByLabel('Nouveau mot de passe').fill('Chantier2024y');
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Ce lien n’est plus valide. Demandez un nouveau lien depuis « Mot de passe oublié ? ».',
    );
  });

  test('the demo collaborator sees its own menu and its company read-only', async ({ page }) => {
    await login(page, accounts.collaborator.email, accounts.collaborator.password);

    await expect(areaMenu(page).getByRole('button')).toHaveText([
      'Informations',
      'Badge Collaborateur',
      'Mes scans',
      'Se déconnecter',
    ]);
    const company = page.getByLabel('Société');
    await expect(company).toHaveValue(DEMO_COMPANY);
    await expect(company).not.toBeEditable();
    await expect(page.getByLabel('Stand')).not.toBeEditable();
    await expect(page.getByLabel('Hall')).not.toBeEditable();
    await expect(page.getByLabel('Pays')).not.toBeEditable();
    await expect(page.getByLabel('Secteur d’activité')).toBeDisabled();
    await expect(page.getByLabel('Nom & Prénom')).toBeEditable();
    await expect(page.getByLabel('Adresse')).toBeEditable();

    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByRole('status')).toHaveText('Modifications enregistrées avec succès.');

    await openTab(page, 'Badge Collaborateur');
    await page.getByRole('button', { name: 'Envoyer mon Badge par email' }).click();
    await expect(page.getByRole('status')).toHaveText('Badge collaborateur envoyé avec succès.');
  });

  test("the collaborator's 'Informations' fields come in the specification's order, address after country, in French and English", async ({
    page,
  }) => {
    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    const labels = page.locator('main form .field > label');
    await expect(labels).toHaveText([
      'Nom & Prénom',
      'Email',
      'Téléphone',
      'Fonction',
      'Société',
      'Secteur d’activité',
      'Pays',
      'Adresse',
      'Stand',
      'Hall',
    ]);
    await expect(page.getByLabel('Pays')).toHaveValue('Maroc');
    await expect(page.getByLabel('Adresse')).toHaveValue('Zone industrielle, Marrakech');

    await page.locator('header.site-header').getByRole('link', { name: 'EN', exact: true }).click();
    await expect(labels).toHaveText([
      'Full name',
      'Email',
      'Phone',
      'Position',
      'Company',
      'Business sector',
      'Country',
      'Address',
      'Stand',
      'Hall',
    ]);
    await expect(page.getByLabel('Address')).toBeEditable();
    await expect(page.getByLabel('Country')).not.toBeEditable();
  });

  test('"Mot de passe oublié ?" from the sign-in page sends the same answer for any address', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié ?' })).toBeVisible();
    await waitForHydration(page);

    await page.getByLabel('Email').fill('personne-inconnue@example.com');
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Si un compte exposant ou collaborateur correspond à cette adresse, un e-mail avec un lien vous a été envoyé.',
    );
  });

  test('axe-core finds no violation on the area tabs and the password pages', async ({ page }) => {
    // Seven pages analysed in one test: a few seconds each on a phone-sized page of a busy machine.
    test.slow();
    const check = async (where: string) => {
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    };
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(page.getByLabel('Société')).toBeVisible();
    await check('Informations');
    await openTab(page, 'Badge Exposant');
    await check('Badge Exposant');
    await openTab(page, 'Collaborateurs');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await check('Collaborateurs');
    await openTab(page, 'Ajouter un collaborateur');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText(texts.required).first()).toBeVisible();
    await check('Ajouter un collaborateur');

    await page.evaluate(() => localStorage.clear());
    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    await expect(page.getByLabel('Société')).toBeVisible();
    await check('collaborator Informations');

    await page.goto('/mot-de-passe-oublie');
    await check('/mot-de-passe-oublie');
    await page.goto('/definir-mot-de-passe?token=test');
    await check('/definir-mot-de-passe');
  });
});
