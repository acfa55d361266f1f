import { devices, expect, test } from '@playwright/test';
import { deferredScriptsStarter, DEFERRED_SCRIPT_TYPE } from '../../apps/web/app/lib/deferred-scripts';
import { waitForHydration } from './fixtures';

// Every control of the public pages is a link or a form the server answers: it works with
// scripts off, and before the page's scripts have run.
const FR_TITLE = 'Salon International du Bâtiment et son Forum';
const EN_TITLE = 'International Building Show and its Forum';

test.describe('With JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('"EN" turns the page to English, and the next page stays in English; "FR" turns it back', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FR_TITLE);
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: 'FR', exact: true })).toHaveAttribute('aria-current', 'true');

    await header.getByRole('link', { name: 'EN', exact: true }).click();

    await expect(page).toHaveURL(/\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(header.getByRole('link', { name: 'EN', exact: true })).toHaveAttribute('aria-current', 'true');

    // A link without ?lang=: the server remembered the choice.
    await page.goto('/annuaire');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exhibitor directory');

    await header.getByRole('link', { name: 'FR', exact: true }).click();
    await expect(page).toHaveURL(/\/annuaire\?lang=fr$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Annuaire des exposants');
  });

  test('the language link keeps the page and its search', async ({ page }) => {
    await page.goto('/annuaire?q=atlas');
    const found = await page.locator('.exhibitor-card').count();
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(50);
    await page.locator('header.site-header').getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page).toHaveURL(/\/annuaire\?q=atlas&lang=en$/);
    await expect(page.getByLabel('Search for an exhibitor')).toHaveValue('atlas');
    await expect(page.locator('.exhibitor-card')).toHaveCount(found);
  });

  test('the directory search is a form the server answers', async ({ page }) => {
    await page.goto('/annuaire');
    await expect(page.locator('.exhibitor-card')).toHaveCount(50);
    await page.getByLabel('Rechercher un exposant').fill('atlas béton');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/\/annuaire\?q=atlas/);
    await expect(page.locator('.exhibitor-card')).toHaveCount(1);
    await expect(page.locator('.exhibitor-card')).toContainText('Atlas Béton Industrie');
    await expect(page.getByLabel('Rechercher un exposant')).toHaveValue('atlas béton');

    await page.getByLabel('Rechercher un exposant').fill('');
    // The hall picker names each hall with its count, which the list then holds.
    const hallB = (await page.locator('#directory-hall option', { hasText: 'Hall B' }).textContent())!;
    const inHallB = Number(/\((\d+)\)$/.exec(hallB)![1]);
    expect(inHallB).toBeGreaterThan(5);
    await page.getByLabel('Hall', { exact: true }).selectOption({ label: hallB });
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const cards = page.locator('.exhibitor-card');
    await expect(cards).toHaveCount(inHallB);
    for (const text of await cards.allInnerTexts()) expect(text).toContain('Hall B');

    // A sector, then a letter of the A–Z: links and a GET form, without scripts.
    await page.goto('/annuaire');
    await page.getByLabel('Secteur d’activité').selectOption({ label: 'Formation (5)' });
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(cards).toHaveCount(5);
    await page.getByRole('navigation', { name: 'Exposants de A à Z' }).getByRole('link', { name: /^A : / }).click();
    await expect(page).toHaveURL(/sector=\d+&letter=a$/);
    expect(await cards.count()).toBeGreaterThan(0);
    for (const name of await cards.locator('h2').allInnerTexts()) expect(name).toMatch(/^[AÀÂ]/i);
  });

  test('the programme search is a form, and "Voir le détail" opens the conference’s page', async ({ page }) => {
    await page.goto('/programme-du-forum');
    await page.getByLabel('Rechercher une conférence').fill('N°2');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.locator('.conference-card')).toHaveCount(2);

    await page.goto('/programme-du-forum');
    await page.getByRole('link', { name: /Voir le détail — N°1$/ }).click();
    await expect(page).toHaveURL(/\/conference\/\d+$/);
    await expect(page.locator('.conference-page .conference-number')).toHaveText('N°1');
  });

  test('the carousels scroll by touch and show no button that would do nothing', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.strip-list').first()).toBeVisible();
    await expect(page.locator('.strip-nav').first()).toBeHidden();
    await expect(page.getByRole('button', { name: /Suivant|Précédent/ })).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
    test.use({ ...pixel7, javaScriptEnabled: false });

    test('the menu opens, a group opens, and its link leads to the page', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      const group = (name: string) => nav.locator('summary').filter({ hasText: new RegExp(`^${name}$`) });
      await expect(group('Infos pratiques')).toBeHidden();

      await nav.locator('summary', { hasText: 'Menu' }).click();
      await group('Infos pratiques').click();
      await nav.getByRole('link', { name: 'Dates et horaires' }).click();

      await expect(page).toHaveURL(/\/infos-horaire$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dates et horaires');
    });
  });
});

test('before the scripts have run, "EN" already works: it is a link', async ({ page }) => {
  // The page's scripts never arrive: what the visitor sees is the page before hydration.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await page.locator('header.site-header').getByRole('link', { name: 'EN', exact: true }).click();
  await expect(page).toHaveURL(/\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_TITLE);
});

test('a page that is read loads no script until the visitor moves, touches or types; then React takes it over', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/annuaire');
  // Longer than the 3 s after which a page that is used starts its scripts anyway.
  await page.waitForTimeout(3500);
  expect(scripts).toEqual([]);

  await waitForHydration(page);
  expect(scripts.length).toBeGreaterThan(0);
});

test('a home page opened at its form starts the scripts by itself, and the form comes to life', async ({ page }) => {
  await page.goto('/#demande-exposant');
  // No mouse, no key: the form in view is enough.
  await expect(page.locator('#demande-exposant form button[type="submit"]')).toBeEnabled();
});

test('an address naming a form that React still holds hidden, out of its place, starts the scripts all the same', async ({
  page,
}) => {
  // The home page's forms are streamed: when the document is parsed they may still wait in a
  // hidden segment while their place, far below the fold, is empty. Nothing scrolls, nothing
  // comes into view: only the anchor the address names can start the scripts.
  await page.route('**/essai-ancre', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><script>${deferredScriptsStarter('/locales/fr.json', 'on-interaction')}</script></head>
<body><div style="height: 5000px">Accueil</div><div data-needs-scripts="demande-exposant"></div>
<div hidden id="S:0"><article id="demande-exposant">Devenir exposant</article></div>
<script type="${DEFERRED_SCRIPT_TYPE}">document.body.dataset.started = 'yes';</script></body></html>`,
    }),
  );
  await page.goto('/essai-ancre#demande-exposant');
  await expect(page.locator('body')).toHaveAttribute('data-started', 'yes');
});

test('a page touched while it is still arriving starts its scripts once it has arrived', async ({ page }) => {
  // On a slow network a visitor scrolls or touches the page before its end has come: the boot
  // module is not there yet (or only its opening tag is). The scripts must start all the same,
  // once the document is whole, and not be left off for good.
  await page.route('**/essai-arrivee', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><script>${deferredScriptsStarter('/locales/fr.json', 'on-interaction')}</script></head>
<body><p>Pourquoi exposer</p><script>document.body.dataset.state = document.readyState; dispatchEvent(new Event('scroll'));</script>
<div style="height: 2000px"></div>
<script type="${DEFERRED_SCRIPT_TYPE}">document.body.dataset.started = 'yes';</script></body></html>`,
    }),
  );
  await page.goto('/essai-arrivee');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'loading');
  await expect(page.locator('body')).toHaveAttribute('data-started', 'yes');
});
