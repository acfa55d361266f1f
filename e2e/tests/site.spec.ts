import { expect, test } from '@playwright/test';
import { accounts, DEMO_COMPANY, login, waitForHydration } from './fixtures';

const FR_THEME = 'Construire le Maroc de demain : Horizon 2030';
const FR_TITLE = 'Salon International du Bâtiment et son Forum';
const EN_TITLE = 'International Building Show and its Forum';

test.describe('Public site', () => {
  test('the home page is server-rendered in French', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(FR_THEME);
    expect(html).toContain(FR_TITLE);
  });

  test('the pages that are read open without an opener policy; the sign-in, the exhibitor area, the forms and the gates keep same-origin', async ({
    request,
  }) => {
    const opener = async (url: string) => (await request.get(url)).headers()['cross-origin-opener-policy'];
    for (const url of ['/', '/annuaire', '/programme-du-forum', '/infos-pratiques', '/plan-2024', '/historique'])
      expect(await opener(url), url).toBe('unsafe-none');
    for (const url of ['/login', '/espace-exposant', '/demander-votre-badge', '/exposer', '/ebadge', '/controleur'])
      expect(await opener(url), url).toBe('same-origin');
  });

  test('the page is painted before any script is requested, then React takes it over', async ({ page }) => {
    await page.goto('/');
    // The first paint before the mouse moves: a visitor's first move starts the scripts at once.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    await waitForHydration(page);
    const timings = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      // When the page painted (paintTime), not when the frame reached the screen (startTime): on a
      // busy machine the compositor shows it later, after the scripts the paint let start.
      const [paint]: (PerformanceEntry & { paintTime?: number })[] =
        performance.getEntriesByName('first-contentful-paint');
      const scripts = performance
        .getEntriesByType('resource')
        .filter((r) => r.name.includes('/assets/') && r.name.endsWith('.js'));
      return {
        loaded: navigation.loadEventStart,
        painted: paint?.paintTime ?? paint?.startTime ?? Infinity,
        firstScript: Math.min(...scripts.map((s) => s.startTime)),
        scripts: scripts.length,
      };
    });
    expect(timings.scripts).toBeGreaterThan(0);
    expect(timings.firstScript).toBeGreaterThanOrEqual(timings.loaded);
    expect(timings.firstScript).toBeGreaterThan(timings.painted);
    // Hydrated: a client-side control answers.
    await page.locator('header.site-header').getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the language switch turns the texts to English and the choice survives a reload', async ({ page, context }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FR_TITLE);
    const languages = page.locator('header.site-header').getByRole('group', { name: 'Langue' });
    await expect(languages.getByRole('link', { name: 'FR', exact: true })).toHaveAttribute('aria-current', 'true');

    await languages.getByRole('link', { name: 'EN', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_TITLE);
    await expect(page.getByText("Building tomorrow's Morocco: Horizon 2030", { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const englishSwitch = page.locator('header.site-header').getByRole('group', { name: 'Language' });
    await expect(englishSwitch.getByRole('link', { name: 'EN', exact: true })).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en');

    const response = await page.reload();
    const html = await response!.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(EN_TITLE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('"/?lang=en" is rendered in English by the server, and so are the titles of the sign-in pages and of the mailed links', async ({
    request,
    page,
  }) => {
    const html = await (await request.get('/?lang=en')).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(EN_TITLE);
    expect(await (await request.get('/login?lang=en')).text()).toContain('<title>Sign in</title>');
    expect(await (await request.get('/mot-de-passe-oublie?lang=en')).text()).toContain(
      '<title>Forgot your password?</title>',
    );
    // The pages of the mailed links too.
    for (const [path, title] of [
      ['/definir-mot-de-passe', 'Set my password'],
      ['/invitation-collaborateur', 'Invitation to join a team'],
      ['/confirmer-email', 'Confirm my new address'],
      ['/confirmer-participation', 'Confirm your participation'],
    ]) {
      expect(await (await request.get(`${path}?lang=en`)).text()).toContain(`<title>${title}</title>`);
    }

    await page.goto('/?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_TITLE);
    // (The page's data carries both themes, for a switch of language in place.)
    expect(await page.locator('body').innerText()).not.toContain(FR_THEME);
  });

  test('the exhibitor area, the scanner, the kiosk and the gate’s screens have English titles in English, from the server and once their scripts have run', async ({
    request,
    page,
  }) => {
    const screens = [
      ['/espace-exposant', 'Exhibitor area', 'Espace exposant'],
      ['/scanner', 'Scan a badge', 'Scanner un badge'],
      ['/borne', 'Badge kiosk', 'Borne d’impression des badges'],
      ['/login-controleur', 'Controller sign-in', 'Connexion contrôleur'],
      ['/espace-controleur', 'Controller area', 'Espace contrôleur'],
      ['/controleur', 'Badge control', 'Contrôle des badges'],
      ['/read-badge', 'Badge reading', 'Lecture de badge'],
    ] as const;
    // The server draws them before their guards run in the browser: in either language.
    for (const [path, english, french] of screens) {
      expect(await (await request.get(`${path}?lang=en`)).text(), path).toContain(`<title>${english}</title>`);
      expect(await (await request.get(`${path}?lang=fr`)).text(), path).toContain(`<title>${french}</title>`);
    }
    // In the browser, the title stays English once the browser's data (the guard's) replaces the server's.
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await page.goto('/borne?lang=en');
    await waitForHydration(page);
    await expect(page).toHaveTitle('Badge kiosk');
    await page.goto('/login-controleur?lang=en');
    await waitForHydration(page);
    await expect(page).toHaveTitle('Controller sign-in');
    await page.goto('/espace-exposant?tab=scans&lang=en');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My scans' })).toBeVisible();
    await expect(page).toHaveTitle('Exhibitor area');
    // Reached inside the app, without the server.
    await page.getByRole('link', { name: 'Scan a badge', exact: true }).click();
    await expect(page).toHaveURL(/\/scanner$/);
    await expect(page).toHaveTitle('Scan a badge');
  });

  test('a first visit from an English browser is in English, and a choice of French wins over the browser', async ({
    request,
  }) => {
    const english = { 'accept-language': 'en-GB,en' };
    expect(await (await request.get('/', { headers: english })).text()).toContain('<html lang="en"');
    const chosen = { ...english, cookie: 'lang=fr' };
    expect(await (await request.get('/', { headers: chosen })).text()).toContain('<html lang="fr"');
    expect(await (await request.get('/?lang=fr', { headers: english })).text()).toContain('<html lang="fr"');
  });

  test('an unknown address and "/accueil" land on the home page', async ({ page }) => {
    await page.goto('/nimporte-quoi');
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FR_TITLE);

    await page.goto('/accueil');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FR_TITLE);
  });

  test('every link of the header navigation leads to a page with a title, without CSP violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto('/');
    const links = await page
      .locator('header.site-header nav a')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ href: a.getAttribute('href')!, text: (a.textContent ?? '').trim() })),
      );
    expect(links.length).toBeGreaterThanOrEqual(25);
    expect(links.map((l) => l.href)).toContain('/espace-exposant');
    // No entry announces something still to come.
    expect(links.map((l) => l.text)).not.toContain('Bientôt disponible');
    expect(links.map((l) => l.href)).not.toContain('/bientot-disponible');

    for (const link of links) {
      await page.goto(link.href);
      if (link.href.startsWith('/#')) {
        // 'Devenir exposant' and 'Demander votre badge': the forms of the home page.
        await expect(page.locator(link.href.slice(1)).locator('form'), link.href).toBeInViewport();
        continue;
      }
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, `h1 of ${link.href}`).toBeVisible();
      // Each page is titled like its menu entry; the exhibitor area asks to sign in first.
      await expect(heading, `h1 of ${link.href}`).toHaveText(
        link.href === '/espace-exposant' ? 'Se connecter' : link.text,
      );
    }
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  for (const path of ['/ebadge', '/borne', '/login-controleur', '/controleur', '/espace-controleur', '/read-badge']) {
    test(`the minimal page ${path} has no site header and no footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Langue' })).toBeVisible();
      await expect(page.locator('header.site-header')).toHaveCount(0);
      await expect(page.locator('footer')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
    });
  }

  test('the Google sign-in landing page says "Bientôt disponible"', async ({ page }) => {
    await page.goto('/connect/google/redirect?access_token=abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bientôt disponible');
  });

  test('the exhibitor logo falls back to the default image when it cannot load', async ({ page }) => {
    await page.route('**/uploads/**', (route) => route.abort());
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);

    const logo = page.getByRole('img', { name: `Logo de ${DEMO_COMPANY}` });
    await expect(logo).toHaveAttribute('src', /\/assets\/images\/logo-fallback\.svg$/);
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});
