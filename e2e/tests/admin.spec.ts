import { expect, test, type Page } from '@playwright/test';
import { accounts } from './fixtures';

/** Signs in to the back-office at /admin (react-admin's own sign-in page). */
async function adminLogin(
  page: Page,
  email: string = accounts.organiser.email,
  password: string = accounts.organiser.password,
) {
  await page.goto('/admin');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test.describe('The back-office sign-in', () => {
  test('an organiser signs in and sees its name; signed out, /admin asks again', async ({ page }) => {
    await adminLogin(page);
    await expect(page.getByText('Mehdi Lefebvre')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Mehdi Lefebvre')).toBeVisible();

    await page.getByText('Mehdi Lefebvre').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
  });

  test('an exhibitor, a controller and a wrong password are refused with the same alert', async ({ page }) => {
    for (const [email, password] of [
      [accounts.exhibitor.email, accounts.exhibitor.password],
      [accounts.controller.email, accounts.controller.password],
      [accounts.organiser.email, 'Faux-mot-de-passe1!'],
    ] as const) {
      await adminLogin(page, email, password);
      await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('a malformed e-mail is refused in the browser with the site’s message', async ({ page }) => {
    await adminLogin(page, 'pas-un-email', 'x');
    await expect(page.getByText("Format d'email incorrecte")).toBeVisible();
  });
});

/** A real 1×1 PNG: the server re-encodes it as WebP under a name made from its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('Content', () => {
  test('the organiser uploads a top banner and the home page shows it at once', async ({ page }) => {
    await adminLogin(page);
    await page.goto('/admin/bannieres/create');
    await page
      .getByLabel('Image pour ordinateur')
      .setInputFiles({ name: 'bandeau.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.locator('img[src^="/uploads/media/"]');
    await expect(preview).toHaveCount(1);
    const url = await preview.getAttribute('src');
    expect(url).toMatch(/^\/uploads\/media\/[0-9a-f]+\.webp$/);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Élément créé')).toBeVisible();

    await page.goto('/');
    const banner = page.getByTestId('banner-Haut');
    await expect(banner.locator('source')).toHaveAttribute('srcset', url!);
    // The file is served for a year: its name changes when its content does.
    const file = await page.request.get(url!);
    expect(file.status()).toBe(200);
    expect(file.headers()['cache-control']).toContain('immutable');
  });

  test('a file that is not an image is refused with the server’s message, and the form keeps its values', async ({
    page,
  }) => {
    await adminLogin(page);
    await page.goto('/admin/bannieres/create');
    await page.getByLabel('Lien').fill('/annuaire');
    await page.getByLabel('Image pour ordinateur').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00 this is an executable renamed logo.png'),
    });
    await expect(page.getByText(/Format refusé/)).toBeVisible();
    await expect(page.getByLabel('Lien')).toHaveValue('/annuaire');
    await expect(page.locator('img[src^="/uploads/media/"]')).toHaveCount(0);
  });
});

test('the public home page loads none of the back-office’s code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /admin|react-admin|recharts|mui/i.test(url))).toEqual([]);
});
