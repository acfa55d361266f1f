import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_JWT_SECRET } from '../playwright.config';
import {
  accounts,
  DEMO_COMPANY,
  loginThroughForm,
  storedSession,
  submitLogin,
  texts,
  waitForHydration,
} from './fixtures';

const areaMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu de l’espace exposant' });

test.describe('Sign-in to the exhibitor area', () => {
  test('the demo exhibitor signs in, lands on its area and sees its company and the exhibitor menu', async ({
    page,
  }) => {
    await loginThroughForm(page, accounts.exhibitor.email, accounts.exhibitor.password);

    await expect(page.locator('.area-banner')).toHaveText('Espace exposant');
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
    const logo = page.getByRole('img', { name: `Logo de ${DEMO_COMPANY}` });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', /^\/uploads\/.+/);
    const menu = areaMenu(page);
    await expect(menu.getByRole('button')).toHaveText([
      'Informations',
      'Badge Exposant',
      'Fiche annuaire',
      'Collaborateurs',
      'Ajouter un collaborateur',
      'Mes scans',
      // The stands it bought online, the exhibitor's alone (decision 052).
      'Stands et factures',
      'Services',
      'Se déconnecter',
    ]);
    await expect(page.getByRole('heading', { level: 1, name: 'Informations' })).toBeVisible();
  });

  test('the collaborator sees the collaborator menu, without the collaborators tab', async ({ page }) => {
    await loginThroughForm(page, accounts.collaborator.email, accounts.collaborator.password);

    await expect(page.locator('.area-banner')).toHaveText('Espace collaborateur');
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
    const menu = areaMenu(page);
    await expect(menu.getByRole('button')).toHaveText([
      'Informations',
      'Badge Collaborateur',
      'Mes scans',
      'Se déconnecter',
    ]);
    await expect(menu.getByRole('button', { name: 'Collaborateurs' })).toHaveCount(0);
  });

  test('an empty form shows "Champ obligatoire" under both fields, only after the submit attempt', async ({ page }) => {
    await page.goto('/login');
    await waitForHydration(page);
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Mot de passe');
    await expect(page.getByText(texts.required)).toHaveCount(0);
    await email.focus();
    await password.focus();
    await expect(page.getByText(texts.required)).toHaveCount(0);

    await page.getByRole('button', { name: 'Se connecter' }).click();

    await expect(page.getByText(texts.required)).toHaveCount(2);
    await expect(email).toHaveAccessibleDescription(texts.required);
    await expect(password).toHaveAccessibleDescription(texts.required);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an invalid email shows "Format d\'email incorrecte"', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'pas-un-email', 'Exposant2024!');

    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(texts.badEmail);
    await expect(page.getByText(texts.badEmail)).toBeVisible();
    await expect(page.getByText(texts.required)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the refusal alert', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, accounts.exhibitor.email, 'Mauvais2024!');

    await expect(page.getByRole('alert')).toHaveText(texts.loginFailed);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toBeNull();
  });

  for (const [who, account] of [
    ['a 2024 visitor who exhibited in 2017', accounts.formerExhibitor],
    ['a badge controller', accounts.controller],
    ['an organiser', accounts.organiser],
  ] as const) {
    test(`${who} with a valid password is refused with the same alert`, async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, account.email, account.password);

      await expect(page.getByRole('alert')).toHaveText(texts.loginFailed);
      await expect(page).toHaveURL(/\/login$/);
      expect(await storedSession(page)).toBeNull();
    });
  }

  test('opening the area signed out goes to sign-in, then back to the area after signing in', async ({ page }) => {
    await page.goto('/espace-exposant');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fespace-exposant$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();

    await submitLogin(page, accounts.exhibitor.email, accounts.exhibitor.password);

    await expect(page).toHaveURL(/\/espace-exposant$/);
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
  });

  test('an expired token leads back to sign-in with the session-expired message', async ({ page }) => {
    await loginThroughForm(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
    const session = await storedSession(page);
    expect(session).not.toBeNull();

    const now = Math.floor(Date.now() / 1000);
    const expiredJwt = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(session!.user.id))
      .setIssuedAt(now - 8 * 24 * 3600)
      .setExpirationTime(now - 24 * 3600)
      .sign(new TextEncoder().encode(E2E_JWT_SECRET));
    await page.evaluate((jwt) => {
      const stored = JSON.parse(localStorage.getItem('auth')!) as Record<string, unknown>;
      localStorage.setItem('auth', JSON.stringify({ ...stored, jwt }));
    }, expiredJwt);

    await page.goto('/espace-exposant');

    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert')).toHaveText(texts.expired);
    expect(await storedSession(page)).toBeNull();
  });

  test('"Se déconnecter" asks for confirmation; accepting signs out and goes to sign-in', async ({ page }) => {
    await loginThroughForm(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);

    let message = '';
    page.once('dialog', (dialog) => {
      message = dialog.message();
      void dialog.accept();
    });
    await areaMenu(page).getByRole('button', { name: 'Se déconnecter' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect(message).toBe(texts.logoutConfirm);
    expect(await storedSession(page)).toBeNull();
    await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
  });

  test('"Se déconnecter" dismissed keeps the user in the area', async ({ page }) => {
    await loginThroughForm(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);

    const dialogShown = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      });
    });
    await areaMenu(page).getByRole('button', { name: 'Se déconnecter' }).click();

    expect(await dialogShown).toBe(texts.logoutConfirm);
    await expect(page).toHaveURL(/\/espace-exposant$/);
    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
    expect(await storedSession(page)).not.toBeNull();
  });
});
