import { expect, test } from '@playwright/test';
import { accounts, login, storedSession, submitLogin } from './fixtures';

/**
 * Decision 032: where the specification shows nothing (a sign-in refused for another reason than
 * a wrong password, another call that fails), the user is told what happened and keeps what was
 * typed.
 */

const failWith = (status: number) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ error: { status, name: 'Error', message: 'x', details: {} } }),
});

test.describe('failures the user is told about (decision 032)', () => {
  for (const [when, answer, text] of [
    ['the server fails', failWith(500), 'Une erreur est survenue, veuillez réessayer.'],
    [
      'too many tries were made',
      failWith(429),
      'Trop de tentatives. Veuillez patienter une minute avant de réessayer.',
    ],
  ] as const) {
    test(`a sign-in refused because ${when} says so, and the typed address stays`, async ({ page }) => {
      await page.route('**/backend/api/auth/local', (route) => route.fulfill(answer));
      await page.goto('/login');
      await submitLogin(page, accounts.exhibitor.email, accounts.exhibitor.password);

      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page.getByLabel('Email')).toHaveValue(accounts.exhibitor.email);
      await expect(page).toHaveURL(/\/login$/);
      expect(await storedSession(page)).toBeNull();
    });
  }

  test('a sign-in without network says so', async ({ page }) => {
    await page.route('**/backend/api/auth/local', (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await submitLogin(page, accounts.exhibitor.email, accounts.exhibitor.password);

    await expect(page.getByRole('alert')).toHaveText(
      'Connexion impossible. Vérifiez votre réseau et réessayez : vos saisies sont conservées.',
    );
  });

  test('an “Informations” save the server fails says so, and the form keeps what was typed', async ({ page }) => {
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await page.route('**/backend/api/users/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill(failWith(500)) : route.fallback(),
    );
    const position = 'Directeur technique (non enregistré)';
    await page.getByLabel('Fonction').fill(position);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();

    await expect(page.getByText('Une erreur est survenue, veuillez réessayer.')).toBeVisible();
    await expect(page.getByLabel('Fonction')).toHaveValue(position);
  });
});
