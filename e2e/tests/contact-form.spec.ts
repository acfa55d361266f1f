import { expect, test, type Page } from '@playwright/test';
import { texts, waitForHydration } from './fixtures';

/** The contact form of /infos-contact: its checks, its answers and its failures, in both languages. */

test.describe('Contact form', () => {
  const success = 'Votre message a bien été envoyé. Nous vous répondrons rapidement.';

  async function openForm(page: Page, path = '/infos-contact') {
    await page.goto(path);
    await waitForHydration(page);
    const form = page.locator('form.contact-form');
    await expect(form.getByRole('button')).toBeEnabled();
    return form;
  }

  async function fillValid(page: Page) {
    await page.getByLabel('Nom & Prénom').fill('Test Contact');
    await page.getByLabel('Email').fill('test.contact@example.com');
    await page.getByLabel('Téléphone').fill('0600000000');
    await page.getByLabel('Société').fill('Société de test');
    await page.getByLabel('Message').fill('Bonjour, je souhaite des informations sur le salon.');
  }

  test('shows no error before a submit attempt, then "Champ obligatoire" on each required field', async ({ page }) => {
    const form = await openForm(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/backend/api/contact')) posted = true;
    });
    await expect(form.locator('.field-error')).toHaveCount(0);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect(form.getByText(texts.required)).toHaveCount(4);
    await expect(page.getByLabel('Nom & Prénom')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Société')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email').fill('pas-un-email');
    await expect(form.getByText(texts.badEmail)).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a valid message is sent, confirmed and the form cleared', async ({ page }) => {
    const form = await openForm(page);
    await fillValid(page);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/backend/api/contact')),
      form.getByRole('button', { name: 'Envoyer' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      data: {
        name: 'Test Contact',
        email: 'test.contact@example.com',
        phone: '0600000000',
        company: 'Société de test',
        message: 'Bonjour, je souhaite des informations sur le salon.',
      },
    });
    expect(request.headers()['x-xsrf-token']).toBeTruthy();
    await expect(form.getByRole('status')).toHaveText(success);
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(form.locator('.field-error')).toHaveCount(0);
  });

  test('in English, the labels and the confirmation are English', async ({ page }) => {
    const form = await openForm(page, '/infos-contact?lang=en');
    await page.getByLabel('Full name').fill('Test Contact');
    await page.getByLabel('Email').fill('test.contact.en@example.com');
    await page.getByLabel('Phone').fill('0600000001');
    await page.getByLabel('Message').fill('Hello, I would like information about the show.');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('status')).toHaveText('Your message has been sent. We will get back to you shortly.');
  });

  test("the server's field errors of a 400 show on the fields", async ({ page }) => {
    await page.route('**/backend/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            status: 400,
            name: 'ValidationError',
            message: 'Données invalides.',
            details: { errors: [{ path: ['body', 'email'], message: 'email' }] },
          },
        }),
      }),
    );
    const form = await openForm(page);
    await fillValid(page);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect(form.getByText(texts.badEmail)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue('Test Contact');
  });

  test('a network failure says so and keeps what was typed', async ({ page }) => {
    await page.route('**/backend/api/contact', (route) => route.abort());
    const form = await openForm(page);
    await fillValid(page);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect(form.getByRole('alert')).toContainText('Connexion impossible');
    await expect(page.getByLabel('Nom & Prénom')).toHaveValue('Test Contact');
    await expect(page.getByLabel('Message')).toHaveValue('Bonjour, je souhaite des informations sur le salon.');
  });

  test('too many messages: the visitor is asked to wait', async ({ page }) => {
    await page.route('**/backend/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 429, name: 'TooManyRequestsError', message: 'Trop de requêtes.' } }),
      }),
    );
    const form = await openForm(page);
    await fillValid(page);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect(form.getByRole('alert')).toContainText('Trop de tentatives');
    await expect(page.getByLabel('Email')).toHaveValue('test.contact@example.com');
  });
});
