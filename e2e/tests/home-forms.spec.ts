import { expect, test, type Page } from '@playwright/test';
import { texts, waitForHydration } from './fixtures';

/** Addresses no other test uses: the e2e database lives for the whole run. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openHome(page: Page, path = '/') {
  await page.goto(path);
  await waitForHydration(page);
  // The forms' code loads when they come near the screen.
  await page.locator('#inscription-visiteur').scrollIntoViewIfNeeded();
  await expect(page.locator('#inscription-visiteur button[type=submit]')).toBeEnabled();
}

test.describe('Visitor registration', () => {
  const form = (page: Page) => page.locator('#inscription-visiteur');

  async function fill(page: Page, email: string) {
    const f = form(page);
    await f.getByLabel('Nom & Prénom').fill('Amina Test');
    await f.getByLabel('Email', { exact: true }).fill(email);
    await f.getByLabel('Téléphone', { exact: true }).fill('0612345678');
    await f.getByLabel('Société', { exact: true }).fill('Test Construction');
    await f.getByLabel('Fonction', { exact: true }).fill('Ingénieure');
  }

  test('an invalid submit shows the messages under the fields, brings the form’s top into view and puts the cursor in the first wrong field, sending nothing', async ({
    page,
  }) => {
    await openHome(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('putVisitor')) posted = true;
    });
    await expect(form(page).locator('.field-error')).toHaveCount(0);
    // The button at the bottom of the screen, the form's heading above it, out of sight.
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await form(page).getByRole('button', { name: 'Recevoir mon badge' }).click();
    await expect(form(page).getByText(texts.required)).toHaveCount(3);
    // Not the top of the page (the specification's), which would hide the form and its errors.
    await expect(form(page).getByLabel('Nom & Prénom')).toBeFocused();
    await expect(form(page).getByRole('heading', { name: 'Inscription visiteur' })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await form(page).getByLabel('Email', { exact: true }).fill('pas-un-email');
    await expect(form(page).getByText(texts.badEmail)).toBeVisible();
    expect(posted).toBe(false);
  });

  test('the form has no box to tick: beside its button it says what a scan at a stand passes on, and the button reads it too', async ({
    page,
  }) => {
    await openHome(page);
    const notice =
      'Quand vous faites scanner votre badge sur un stand, l’exposant reçoit vos nom, e-mail, téléphone, société et fonction. Votre e-badge liste les stands qui l’ont scanné ; vous pouvez demander à chacun de ne plus vous contacter.';
    await expect(form(page).getByRole('checkbox')).toHaveCount(0);
    await expect(form(page).getByText(notice, { exact: true })).toBeVisible();
    await expect(form(page).getByRole('button', { name: 'Recevoir mon badge' })).toHaveAccessibleDescription(notice);
  });

  test('a registration is confirmed, clears the form and offers the badge PDF at once', async ({ page }) => {
    await openHome(page);
    const email = `visiteur-${unique()}@example.com`;
    await fill(page, email);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/backend/api/visiteurs/putVisitor')),
      form(page).getByRole('button', { name: 'Recevoir mon badge' }).click(),
    ]);
    // Nothing ticked, nothing about consent sent: the specification's body (decision 049).
    const sent = request.postDataJSON() as { data: Record<string, unknown> };
    expect(sent).toMatchObject({ data: { name: 'Amina Test', email, phone: '0612345678', eBadge: true, lang: 'fr' } });
    expect(sent.data).not.toHaveProperty('consent');
    await expect(form(page).getByRole('status')).toContainText(
      'Votre inscription est confirmée : votre badge vous a été envoyé par e-mail.',
    );
    await expect(form(page).getByLabel('Email', { exact: true })).toHaveValue('');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      form(page).getByRole('link', { name: 'Télécharger mon badge maintenant' }).click(),
    ]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('the same address again shows the failure with the server’s reason', async ({ page }) => {
    await openHome(page);
    const email = `deux-fois-${unique()}@example.com`;
    await fill(page, email);
    await form(page).getByRole('button', { name: 'Recevoir mon badge' }).click();
    await expect(form(page).getByRole('status')).toBeVisible();
    await fill(page, email.toUpperCase());
    await form(page).getByRole('button', { name: 'Recevoir mon badge' }).click();
    await expect(form(page).getByRole('alert')).toHaveText(
      'Votre inscription n’a pas abouti. Cette adresse e-mail est déjà enregistrée : un e-mail vous a été envoyé à cette adresse.',
    );
    // What was typed stays.
    await expect(form(page).getByLabel('Nom & Prénom')).toHaveValue('Amina Test');
  });

  test('without network, the form says so and keeps what was typed', async ({ page }) => {
    await openHome(page);
    await fill(page, `hors-ligne-${unique()}@example.com`);
    await page.route('**/backend/api/visiteurs/putVisitor', (route) => route.abort('internetdisconnected'));
    await form(page).getByRole('button', { name: 'Recevoir mon badge' }).click();
    await expect(form(page).getByRole('alert')).toContainText('Connexion impossible');
    await expect(form(page).getByLabel('Nom & Prénom')).toHaveValue('Amina Test');
    await expect(form(page).getByRole('status')).toHaveCount(0);
  });

  test('in English, the form, its notice and its confirmation are English, and it registers with no box', async ({
    page,
  }) => {
    await openHome(page, '/?lang=en');
    const f = form(page);
    const notice =
      'When you have your badge scanned at a stand, the exhibitor receives your name, e-mail, phone, company and position. Your e-badge lists the stands that scanned it; you can ask each of them not to contact you again.';
    await expect(f.getByRole('checkbox')).toHaveCount(0);
    await expect(f.getByText(notice, { exact: true })).toBeVisible();
    await expect(f.getByRole('button', { name: 'Get my badge' })).toHaveAccessibleDescription(notice);
    await f.getByLabel('Full name').fill('John Test');
    await f.getByLabel('Email', { exact: true }).fill(`english-${unique()}@example.com`);
    await f.getByLabel('Phone', { exact: true }).fill('0612345678');
    await f.getByRole('button', { name: 'Get my badge' }).click();
    await expect(f.getByRole('status')).toContainText('Your registration is confirmed');
    await expect(f.getByRole('link', { name: 'Download my badge now' })).toBeVisible();
  });
});

test.describe('Exhibitor enquiry', () => {
  const form = (page: Page) => page.locator('#demande-exposant');

  test('"Autre" shows a free-text sector field and puts the cursor in it; the text is sent as the sector', async ({
    page,
  }) => {
    await openHome(page);
    const f = form(page);
    await expect(f.getByLabel('Précisez votre secteur d’activité')).toHaveCount(0);
    await f.getByLabel('Secteur d’activité').selectOption('Autre');
    await expect(f.getByLabel('Précisez votre secteur d’activité')).toBeFocused();
    await page.keyboard.type('Géotechnique');
    await f.getByLabel('Nom & Prénom').fill('Omar Test');
    await f.getByLabel('Email', { exact: true }).fill(`demande-${unique()}@example.com`);
    await f.getByLabel('Téléphone', { exact: true }).fill('0522000000');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/backend/api/demandes-exposants')),
      f.getByRole('button', { name: 'Envoyer ma demande' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ data: { nom: 'Omar Test', secteur_activite: 'Géotechnique' } });
    await expect(f.getByRole('status')).toHaveText(
      'Votre demande a bien été envoyée : notre équipe vous contactera très prochainement.',
    );
    await expect(f.getByLabel('Nom & Prénom')).toHaveValue('');
  });

  test('nom, email and telephone are required, with the form’s messages', async ({ page }) => {
    await openHome(page);
    const f = form(page);
    await f.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(f.getByText(texts.required)).toHaveCount(3);
    await f.getByLabel('Email', { exact: true }).fill('x@');
    await expect(f.getByText(texts.badEmail)).toBeVisible();
  });
});

/** The specification's text, then that the address waits for the mailed link. */
const SUBSCRIBED =
  'Votre email a été bien enregistré. Si votre adresse n’est pas encore confirmée, un e-mail de confirmation vient de vous être envoyé : cliquez sur son lien pour confirmer votre inscription.';

test.describe('Newsletter', () => {
  const field = (page: Page) => page.getByLabel('Votre adresse e-mail');
  const submit = (page: Page) => page.locator('#newsletter').getByRole('button', { name: 'S’inscrire' });
  test.beforeEach(async ({ page }) => {
    await openHome(page);
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    await expect(submit(page)).toBeEnabled();
  });

  test('an address that is not one gives "Email non valide !"', async ({ page }) => {
    await field(page).fill('  pas-un-email ');
    await submit(page).click();
    await expect(page.locator('#newsletter').getByRole('alert')).toHaveText('Email non valide !');
    await expect(field(page)).toBeFocused();
  });

  test('a trimmed address is registered; the same one again gets the same answer (it tells nobody who subscribed)', async ({
    page,
  }) => {
    const email = `news-${unique()}@example.com`;
    await field(page).fill(`  ${email}  `);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/backend/api/newsletters')),
      submit(page).click(),
    ]);
    expect(request.postDataJSON()).toEqual({ data: { email, lang: 'fr' } });
    await expect(page.locator('#newsletter').getByRole('status')).toHaveText(SUBSCRIBED);
    await field(page).fill(email);
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/backend/api/newsletters')),
      submit(page).click(),
    ]);
    expect(again.status()).toBe(201);
    await expect(page.locator('#newsletter').getByRole('status')).toHaveText(SUBSCRIBED);
    await expect(page.locator('#newsletter').getByRole('alert')).toHaveCount(0);
  });

  test('in English, the success says the same', async ({ page }) => {
    await openHome(page, '/?lang=en');
    await page.locator('#newsletter').scrollIntoViewIfNeeded();
    const newsletter = page.locator('#newsletter');
    await expect(newsletter.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await newsletter.getByLabel('Your e-mail address').fill(`news-en-${unique()}@example.com`);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletter.getByRole('status')).toHaveText(
      'Your email has been registered. If your address is not confirmed yet, a confirmation e-mail has just been sent to you: click its link to confirm your subscription.',
    );
  });

  test('a refusal from the server shows the server’s message and refocuses the field', async ({ page }) => {
    const message = 'Trop de demandes, veuillez réessayer dans une minute.';
    await page.route('**/backend/api/newsletters', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 400, name: 'ValidationError', message, details: {} } }),
      }),
    );
    await field(page).fill(`refus-${unique()}@example.com`);
    await submit(page).click();
    await expect(page.locator('#newsletter').getByRole('alert')).toHaveText(message);
    await expect(field(page)).toBeFocused();
  });
});
