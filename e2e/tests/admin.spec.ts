import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import {
  DEMO_COMPANY,
  accounts,
  adminLoginThroughApi,
  login,
  organiserHeaders,
  submitLogin,
  texts,
  waitForHydration,
} from './fixtures';
import { exhibitorToken } from './support/gate';
import { mailTo } from './support/mail';
import { registerVisitor, unique } from './support/visitors';

/** Fills and sends the back-office's sign-in form at /admin (react-admin's own sign-in page). */
async function submitAdminLogin(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Opens the back-office signed in as the demo organiser (through the API: the first test signs in through the form). */
async function adminLogin(page: Page) {
  await adminLoginThroughApi(page);
  await expect(page.getByText('Mehdi Lefebvre')).toBeVisible();
}

test.describe('The back-office sign-in', () => {
  test('an organiser signs in and sees its name; signed out, /admin asks again', async ({ page }) => {
    await submitAdminLogin(page, accounts.organiser.email, accounts.organiser.password);
    await page.waitForFunction(() => localStorage.getItem('auth-organisateur') !== null);
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
      await submitAdminLogin(page, email, password);
      await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('a malformed e-mail is refused in the browser with the site’s message', async ({ page }) => {
    await submitAdminLogin(page, 'pas-un-email', 'x');
    await expect(page.getByText("Format d'email incorrecte")).toBeVisible();
  });
});

/** A real 1×1 PNG: the server re-encodes it as WebP under a name made from its content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('The dashboard', () => {
  test('shows the demo show’s figures and charts, and counts a new registration without a reload', async ({ page }) => {
    await adminLogin(page);
    // It waits for the dashboard's next refresh (every 15 s).
    test.slow();
    await expect(page.getByRole('heading', { name: 'Inscriptions de visiteurs par jour' })).toBeVisible();
    // Which edition the figures are of, named in the picker rather than left blank under its label.
    await expect(page.getByRole('combobox', { name: 'Édition' })).toHaveText('Édition en cours');
    await expect(page.getByTestId('figure-Exposants confirmés')).toHaveText('50');
    await expect(page.getByTestId('figure-Collaborateurs')).toHaveText('9');
    await expect(page.getByTestId('figure-Scans de badges')).toHaveText('86');
    // The demo's entries at the gates over the show's four days (no e2e test admits anyone on them here).
    await expect(page.getByTestId('figure-Entrées aux portes')).toHaveText('383');
    await expect(page.getByTestId('peak-hour')).toHaveText('Heure de pointe : 11h (76 entrées)');
    for (const chart of [
      'Visiteurs par secteur',
      'Visiteurs par pays',
      'Scans par jour',
      'Exposants les plus actifs (scans)',
      'Entrées par jour',
      'Entrées par heure et par porte',
    ]) {
      await expect(page.getByRole('region', { name: chart }).locator('.recharts-surface').first()).toBeVisible();
    }
    const top = page.getByRole('region', { name: 'Exposants les plus actifs (scans)' });
    await expect(top.getByText('Atlas Béton Industrie')).toBeVisible();

    const visitors = page.getByTestId('figure-Visiteurs inscrits');
    const before = Number((await visitors.textContent())!.replace(/\D/g, ''));
    await registerVisitor(page.request, 'Tableau');
    await expect(visitors).toHaveText(String(before + 1), { timeout: 25_000 });
  });
});

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

    // Leave the home page as the other tests know it: the demo's banners.
    const headers = await organiserHeaders(page);
    const newest = await page.request.get(
      '/backend/api/admin/bannieres?sort=%5B%22id%22%2C%22DESC%22%5D&range=%5B0%2C0%5D',
      {
        headers,
      },
    );
    const [created] = (await newest.json()) as { id: number; fichierDesktop: { url: string } }[];
    expect(created!.fichierDesktop.url).toBe(url);
    expect((await page.request.delete(`/backend/api/admin/bannieres/${created!.id}`, { headers })).status()).toBe(200);
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

test.describe('Exhibitors', () => {
  test('the organiser converts an enquiry into an exhibitor with a hall, a stand and a logo; the exhibitor sets its password, signs in and appears in the directory with its logo', async ({
    page,
  }) => {
    // The whole story, from the enquiry to the directory: longer than one screen's test.
    test.slow();
    const id = unique();
    const company = `Chantiers ${id}`;
    const email = `exposant-${id}@example.com`;
    // The enquiry, as the home page's form sends it.
    await page.goto('/');
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
    const sent = await page.request.post('/backend/api/demandes-exposants', {
      headers: { [XSRF_HEADER]: xsrf },
      data: { nom: 'Salma Idrissi', email, telephone: `07${String(Date.now()).slice(-8)}`, societe: company },
    });
    expect(sent.status()).toBe(201);

    await adminLogin(page);
    await page.goto('/admin/enquiries');
    await page.getByPlaceholder('Rechercher').fill(company);
    // The search goes into the address once typing pauses; clicking a row before that would be undone by it.
    await expect(page).toHaveURL(/filter=/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('cell', { name: company }).click();
    await expect(page.getByText('Salma Idrissi')).toBeVisible();
    await page.getByRole('link', { name: 'Convertir en exposant' }).click();

    await expect(page.getByLabel('Société')).toHaveValue(company);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('combobox', { name: 'Hall' }).click();
    await page.getByRole('option', { name: 'Hall C' }).click();
    await page.getByLabel('Stand').fill('C-99');
    await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const logo = page.locator('img[src^="/uploads/media/"]');
    await expect(logo).toHaveCount(1);
    const logoUrl = (await logo.getAttribute('src'))!;
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('À confirmer')).toBeVisible();
    const exhibitorId = /\/admin\/exhibitors\/(\d+)/.exec(page.url())![1];

    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Exposant confirmé : il en est informé par e-mail.')).toBeVisible();
    await expect(page.getByText('Confirmé', { exact: true })).toBeVisible();

    // The enquiry is now 'Converti'.
    await page.goto('/admin/enquiries');
    await page.getByPlaceholder('Rechercher').fill(company);
    await expect(page.getByRole('row', { name: new RegExp(company) }).getByText('Converti')).toBeVisible();

    const link = /https?:\/\/[^\s"<]+\/definir-mot-de-passe\?token=[\w.-]+/.exec(await mailTo(email))![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await waitForHydration(page);
    await page.getByLabel('Nouveau mot de passe').fill('Chantier2024x');
    await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
    await expect(page).toHaveURL(/\/espace-exposant$/);
    await expect(page.getByLabel('Société')).toHaveValue(company);

    await page.goto(`/annuaire?q=${encodeURIComponent(company)}`);
    const card = page.locator('.exhibitor-card').filter({ hasText: company });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('C-99')).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', logoUrl);

    // Every step is in the organisers' audit log.
    await page.goto('/admin/audit-log');
    for (const action of ['POST /admin/exhibitors', 'POST /admin/exhibitors/:id/confirm', 'POST /admin/media']) {
      await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }

    // Leave the directory as the other tests know it: the demo's 50 exhibitors.
    const headers = await organiserHeaders(page);
    const off = await page.request.post(`/backend/api/admin/exhibitors/${exhibitorId}/deactivate`, { headers });
    expect(off.status()).toBe(200);
  });
});

test.describe('Personal data', () => {
  test('a visitor’s data is exported, then erased; the exhibitor who scanned them sees “Personne supprimée”', async ({
    page,
  }) => {
    test.slow();
    const visitor = await registerVisitor(page.request, 'Effacée');
    // The demo exhibitor scans the visitor's badge at its stand.
    const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
    const scanned = await page.request.post('/backend/api/scans', {
      headers: { authorization: `Bearer ${await exhibitorToken(page.request)}`, [XSRF_HEADER]: xsrf },
      data: { scans: [{ id: randomUUID(), badge: visitor.token, scannedAt: new Date().toISOString() }] },
    });
    expect(scanned.status(), await scanned.text()).toBe(200);

    await adminLogin(page);
    await page.goto('/admin/visitors');
    await page.getByPlaceholder('Rechercher').fill(visitor.email);
    await expect(page).toHaveURL(/filter=/);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('cell', { name: visitor.name }).click();
    await expect(page.getByText(visitor.company)).toBeVisible();
    // The language its mails go out in, named, not as a code.
    await expect(page.locator('.RaLabeled-label', { hasText: /^Langue$/ }).locator('xpath=..')).toContainText(
      'Français',
    );

    // Everything held about them, as a file: their registration, and the exhibitor's scan of them.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter les données (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^donnees-\d+\.json$/);
    const held = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      person: { name: string; email: string; phone: string };
      registrations: unknown[];
      scansOf: { scannerCompany: string }[];
    };
    expect(held.person).toMatchObject({ name: visitor.name, email: visitor.email });
    expect(held.registrations).toHaveLength(1);
    expect(held.scansOf.map((s) => s.scannerCompany)).toEqual([DEMO_COMPANY]);

    await page.getByRole('button', { name: 'Supprimer les données personnelles' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Cette opération est irréversible.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect(page.getByText('Données personnelles supprimées.')).toBeVisible();
    await expect(page.getByText(visitor.email)).toHaveCount(0);
    await expect(page.getByText('Personne supprimée').first()).toBeVisible();

    // The exhibitor's 'Mes scans': the scan is still counted, naming nobody.
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await page.goto('/espace-exposant?tab=scans');
    const newest = page.locator('tbody tr').first();
    await expect(newest.getByRole('rowheader')).toHaveText('Personne supprimée');
    await expect(page.getByText(visitor.name)).toHaveCount(0);
  });
});

test.describe('Gate staff', () => {
  test('the organiser creates a controller’s account; the controller signs in at the gates; deleted, the account is refused', async ({
    page,
  }) => {
    const email = `controle-${unique()}@example.com`;
    const password = 'Porte-2024-ok';
    await adminLogin(page);
    await page.goto('/admin/controllers/create');
    await page.getByLabel('Nom').fill('Yassine Porte');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Élément créé')).toBeVisible();

    const signIn = async () => {
      await page.goto('/login-controleur');
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion contrôleur' })).toBeVisible();
      await submitLogin(page, email, password);
    };
    await signIn();
    await expect(page).toHaveURL(/\/espace-controleur$/);

    await page.goto('/admin/controllers');
    await page.getByPlaceholder('Rechercher').fill(email);
    await expect(page).toHaveURL(/filter=/);
    await page.getByRole('cell', { name: email }).click();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Contrôleur supprimé.')).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await signIn();
    await expect(page.getByRole('alert')).toHaveText(texts.loginFailed);
    expect(await page.evaluate(() => localStorage.getItem('auth-controleur'))).toBeNull();
  });
});

test('the public home page loads none of the back-office’s code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  // The home page starts its scripts at the first interaction: wait until React has the page,
  // then scroll to the forms, whose code loads as they come near.
  await waitForHydration(page);
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // Each file by its address without its content hash: a hash may spell anything ('BMUicZEH').
  const names = scripts.map((url) => new URL(url).pathname.replace(/-[\w-]{8}\.js$/, ''));
  expect(names.filter((name) => /admin|react-admin|recharts|mui/i.test(name))).toEqual([]);
});
