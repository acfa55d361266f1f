/**
 * `npm run screenshots`: a full-page picture of every screen, in French and English, on a phone
 * (360 × 800), a tablet (768 × 1024) and a laptop (1366 × 768), into
 * e2e/screenshots/<lang>/<width>/<name>.jpg, so that a person can look at every screen and a
 * rerun shows in `git diff` what changed.
 *
 * Starts the built server (`npm run build` first; the root script does it) on a free port with
 * demo data in a temporary directory, as the end-to-end suite does, signs in the demo accounts
 * and visits: every route of apps/web/app/routes.ts (the two that only redirect home excepted),
 * every tab of the exhibitor's and the collaborator's area, the scanner, the gate and kiosk
 * screens, and the back-office's dashboard and lists. Nothing is downloaded: Debian's Chromium.
 *
 * `npm run screenshots -w @salon/e2e -- <word>` takes only the screens whose name contains the
 * word, and keeps the other images.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';
import { freePort, launchOptions } from './local';
import { accounts } from './tests/fixtures';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(import.meta.dirname, 'screenshots');
const only = process.argv[2];

const LANGS = ['fr', 'en'] as const;
type Lang = (typeof LANGS)[number];
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;
/** The show's second day at 10:00, as the gates' e2e server: the gate screens show a live show. */
const APP_NOW = '2024-05-30T10:00:00+01:00';
/** A collaborator whose name, position and address are longer than the demo's. */
const LONG_COLLABORATOR = {
  name: 'Anne-Sophie Benjelloun-Tazi',
  email: 'anne-sophie.benjelloun-tazi@atlas-beton-industrie.example.com',
  jobPosition: 'Responsable qualité, sécurité et environnement',
  phone: '0661234567',
};

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'screenshots-secret-screenshots-secret-0123',
      LOG_LEVEL: 'error',
      LOGIN_RATE_LIMIT: '1000',
      PAGE_RATE_LIMIT: '10000',
      DEMO_DATA: 'true',
      APP_NOW,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit code ${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/backend/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server was not ready after 120 s');
}

/** A POST to the API as the browser sends it: the XSRF cookie of GET / copied into its header. */
async function post(baseURL: string, url: string, body: unknown, jwt?: string): Promise<unknown> {
  const home = await fetch(baseURL);
  const cookie = home.headers.getSetCookie().find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  const xsrf = cookie?.split(';')[0]!.slice(XSRF_COOKIE.length + 1);
  if (!xsrf) throw new Error(`no ${XSRF_COOKIE} cookie on GET /`);
  const res = await fetch(`${baseURL}/backend/api/${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      [XSRF_HEADER]: xsrf,
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** What the kiosk looks up: a demo visitor's address and the last 4 digits of its phone. */
interface KioskVisitor {
  email: string;
  phoneDigits: string;
}

/** The newest mail's e-badge key among the mails to `to`, once the mail worker wrote it. */
async function ebadgeKeyFor(to: string, dataDir: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = readFileSync(path.join(mailDir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = mail.includes(`To: ${to}`) && /\/ebadge\?token=([\w.-]+)/.exec(mail);
      if (link) return link[1]!;
    }
  }
  throw new Error(`no badge mail to ${to}`);
}

/**
 * The demo data as the screens show them, plus what the demo lacks, made through the API as the
 * exhibitor's area does: LONG_COLLABORATOR and an invitation in 'Collaborateurs', the demo
 * collaborator's badge mailed (its e-badge page) and scanned with a note ('Mes scans' then shows
 * the note's button). No visitor registers: the back-office's charts would then run to the day of
 * the run. Returns the e-badge key and the visitor the kiosk finds.
 */
async function prepareData(baseURL: string, dataDir: string): Promise<{ ebadgeKey: string; kiosk: KioskVisitor }> {
  const { jwt, user } = (await post(baseURL, 'auth/local', {
    identifier: accounts.exhibitor.email,
    password: accounts.exhibitor.password,
  })) as { jwt: string; user: { id: number } };
  const get = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${baseURL}/backend/api/${url}`, { headers: { authorization: `Bearer ${jwt}` } });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  const staff = await get<{ data: { email: string; registration: { id: number } | null }[] }>(
    `users?filters[exhibitor][id]=${user.id}`,
  );
  const registration = staff.data.find((c) => c.email === accounts.collaborator.email)?.registration;
  if (!registration) throw new Error(`no badge for ${accounts.collaborator.email}`);
  await post(baseURL, `registrations/sendEmailEBadge/${registration.id}`, {}, jwt);
  const ebadgeKey = await ebadgeKeyFor(accounts.collaborator.email, dataDir);
  const ebadge = await get<{ data: { token: string } }>(`registrations/ebadge?token=${ebadgeKey}`);
  const scan = { id: '7d0c6a52-5c1e-4f0e-9a47-2f3b8f1e0a01', badge: ebadge.data.token, scannedAt: APP_NOW };
  const scanned = (await post(
    baseURL,
    'scans',
    { scans: [{ ...scan, note: 'Rappeler pour un devis de coffrage', rating: 4 }] },
    jwt,
  )) as { data: { status: string; reason?: string }[] };
  if (scanned.data[0]?.status === 'refused') throw new Error(`scan refused: ${scanned.data[0].reason}`);

  for (const collaborator of [
    LONG_COLLABORATOR,
    { ...LONG_COLLABORATOR, email: accounts.formerExhibitor.email, phone: '0661234568' },
  ]) {
    await post(baseURL, 'auth/local/register/', { ...collaborator, lang: 'fr' }, jwt);
  }

  // The visitor the exhibitor scanned last, whose badge the kiosk prints.
  const scans = await get<{
    data: { typeScanned: string; person: { email: string | null; phone: string | null } }[];
  }>(`scans?filters[scanner][id][$eq]=${user.id}`);
  const person = scans.data.find((s) => s.typeScanned === 'visitor' && s.person.email && s.person.phone)?.person;
  if (!person) throw new Error("no visitor among the demo exhibitor's scans");
  return { ebadgeKey, kiosk: { email: person.email!, phoneDigits: person.phone!.replace(/\D/g, '').slice(-4) } };
}

/** Lazy images loaded, fonts ready, nothing left loading: the page as a person sees it after a moment. */
async function settle(page: Page) {
  // Pages that are read start their scripts at the first interaction (decision 025): a person moves the mouse.
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"], .MuiLinearProgress-root, .MuiCircularProgress-root') &&
        // React has hydrated the page (the back-office has no #main and is drawn on the client).
        (!document.querySelector('#main') ||
          Object.keys(document.querySelector('#main')!).some((key) => key.startsWith('__reactProps$'))),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    const pending = Array.from(document.images)
      .filter((img) => !img.complete)
      .map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve);
            img.addEventListener('error', resolve);
          }),
      );
    await Promise.race([
      Promise.all([...pending, document.fonts.ready]),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });
  // Charts (the back-office's dashboard) draw themselves in 1.5 s.
  const charts = await page.locator('.recharts-wrapper').count();
  await page.waitForTimeout(charts ? 2_000 : 300);
}

/** Whether this run takes any of these screens (all of them without a filter). */
const wants = (...names: string[]) => !only || names.some((name) => name.includes(only));

/**
 * Past this height a page is cut (the scans tab on a phone is 22,000 px tall; its first cards
 * show what the others look like).
 */
const MAX_HEIGHT = 6000;

let taken = 0;
async function shoot(page: Page, lang: Lang, width: number, name: string) {
  if (!wants(name)) return;
  await settle(page);
  const dir = path.join(outDir, lang, String(width));
  mkdirSync(dir, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const png = await page.screenshot({
    fullPage: true,
    clip: height > MAX_HEIGHT ? { x: 0, y: 0, width, height: MAX_HEIGHT } : undefined,
    animations: 'disabled',
    caret: 'hide',
    // Times of day that change on every run.
    mask: [page.getByTestId('gate-last-sync')],
    maskColor: '#c5ccd6',
  });
  // MozJPEG: a third smaller than the browser's own JPEG for the same look, so the folder stays small.
  await sharp(png)
    .jpeg({ quality: 58, mozjpeg: true })
    .toFile(path.join(dir, `${name}.jpg`));
  taken += 1;
}

/** Opens `url` and takes its picture, unless a filter leaves the name out. */
async function visit(page: Page, lang: Lang, width: number, name: string, url: string) {
  if (!wants(name)) return;
  await page.goto(url);
  await shoot(page, lang, width, name);
}

/** Signs in on the page's form (any language: the fields are found by their type). */
async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(url);
  await settle(page);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form:has(input[type=password]) button[type=submit]').click();
}

const problems: string[] = [];

async function newContext(browser: Browser, baseURL: string, lang: Lang, viewport: (typeof VIEWPORTS)[number]) {
  const small = viewport.width < 1000;
  const context = await browser.newContext({
    baseURL,
    viewport,
    deviceScaleFactor: 1,
    isMobile: small,
    hasTouch: small,
    locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
    timezoneId: 'Africa/Casablanca',
  });
  // The language the visitor chose, as the language switch keeps it (the back-office reads it too).
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await context.addInitScript((value) => {
    try {
      localStorage.setItem('lang', value);
    } catch {
      // A document without storage (a PDF opened by a download link).
    }
  }, lang);
  return context;
}

function watch(page: Page, label: string) {
  page.on('pageerror', (error) => problems.push(`${label}: ${error.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${label}: ${res.status()} ${res.url()}`);
  });
}

/** The site's pages, in the order of routes.ts; `/accueil` and unknown paths only redirect home. */
const PUBLIC_PAGES: [string, string][] = [
  ['home', '/'],
  ['historique', '/historique'],
  ['forum', '/forum'],
  ['secteurs-activites', '/secteurs-activites'],
  ['bientot-disponible', '/bientot-disponible'],
  ['biographie-des-intervenants', '/biographie-des-intervenants'],
  ['pourquoi-exposer', '/pourquoi-exposer'],
  ['pourquoi-sponsoriser', '/pourquoi-sponsoriser'],
  ['intervenir-lors-du-forum', '/intervenir-lors-du-forum'],
  ['conference', '/conference'],
  ['annuaire', '/annuaire'],
  ['programme-du-forum', '/programme-du-forum'],
  ['editorial', '/editorial'],
  ['structure-et-organisation', '/structure-et-organisation'],
  ['infos-pratiques', '/infos-pratiques'],
  ['infos-horaire', '/infos-horaire'],
  ['infos-lieu', '/infos-lieu'],
  ['infos-acces-au-salon', '/infos-acces-au-salon'],
  ['infos-contact', '/infos-contact'],
  ['plan-2024', '/plan-2024'],
  ['programme-2024', '/programme-2024'],
  ['telechargement', '/telechargement'],
  ['not-found', '/not-found'],
  ['exposer', '/exposer'],
  ['demander-votre-badge', '/demander-votre-badge'],
  ['assister-au-forum', '/assister-au-forum'],
  ['newsletter', '/newsletter'],
  ['login', '/login'],
  ['mot-de-passe-oublie', '/mot-de-passe-oublie'],
  ['definir-mot-de-passe', '/definir-mot-de-passe'],
  ['invitation-collaborateur', '/invitation-collaborateur'],
  ['confirmer-email', '/confirmer-email'],
  ['google-redirect', '/connect/google/redirect'],
  ['product-salon', '/salon'],
  // The minimal layout's pages seen signed out.
  ['ebadge-invalid', '/ebadge'],
  ['login-controleur', '/login-controleur'],
  ['borne-setup', '/borne'],
];

const AREA_TABS = {
  exhibitor: ['informations', 'badge', 'collaborateurs', 'ajouter-collaborateur', 'scans'],
  collaborator: ['informations', 'badge', 'scans'],
} as const;

/** The back-office: its dashboard, then its main lists (admin-app.tsx and resources/). */
const ADMIN_LISTS = [
  'exhibitors',
  'enquiries',
  'visitors',
  'conferences',
  'partenaires',
  'gates',
  'checkins',
  'mails',
  'controllers',
];

async function shootAll(
  browser: Browser,
  baseURL: string,
  { ebadgeKey, kiosk }: { ebadgeKey: string; kiosk: KioskVisitor },
  conferencePath: string,
) {
  for (const lang of LANGS) {
    for (const viewport of VIEWPORTS) {
      const width = viewport.width;
      const started = Date.now();

      // Signed out.
      let context = await newContext(browser, baseURL, lang, viewport);
      let page = await context.newPage();
      watch(page, `${lang}/${width}`);
      for (const [name, url] of PUBLIC_PAGES) await visit(page, lang, width, name, url);
      await visit(page, lang, width, 'conference-detail', conferencePath);
      await visit(page, lang, width, 'ebadge', `/ebadge?token=${ebadgeKey}`);
      await visit(page, lang, width, 'admin-login', '/admin/login');
      if (wants('borne-start', 'borne-badge')) {
        // The kiosk, enabled by the controller, then a visitor's badge found on it.
        await signIn(page, '/borne', accounts.controller.email, accounts.controller.password);
        await page.locator('.kiosk-lookup').waitFor();
        await shoot(page, lang, width, 'borne-start');
        await page.locator('.kiosk-lookup input[type=email]').fill(kiosk.email);
        await page.locator('.kiosk-lookup input[inputmode=numeric]').fill(kiosk.phoneDigits);
        await page.locator('.kiosk-lookup button[type=submit]').click();
        await page.getByTestId('kiosk-badge').waitFor();
        await shoot(page, lang, width, 'borne-badge');
      }
      await context.close();

      // The exhibitor and the collaborator: their area's tabs and the scanner.
      for (const role of ['exhibitor', 'collaborator'] as const) {
        if (!wants(...AREA_TABS[role].map((tab) => `area-${role}-${tab}`), `scanner-${role}`)) continue;
        context = await newContext(browser, baseURL, lang, viewport);
        page = await context.newPage();
        watch(page, `${lang}/${width} ${role}`);
        await signIn(page, '/login', accounts[role].email, accounts[role].password);
        await page.waitForURL(/\/espace-exposant$/);
        for (const tab of AREA_TABS[role]) {
          await visit(page, lang, width, `area-${role}-${tab}`, `/espace-exposant?tab=${tab}`);
        }
        await visit(page, lang, width, `scanner-${role}`, '/scanner');
        await context.close();
      }

      // The controller: its gate space, before and after choosing the gate, then the gate screen.
      if (wants('espace-controleur', 'espace-controleur-hall-a', 'controleur')) {
        context = await newContext(browser, baseURL, lang, viewport);
        page = await context.newPage();
        watch(page, `${lang}/${width} controller`);
        await signIn(page, '/login-controleur', accounts.controller.email, accounts.controller.password);
        await page.waitForURL(/\/espace-controleur$/);
        const gates = page.locator('#main select');
        await gates.and(page.locator(':enabled')).waitFor();
        await shoot(page, lang, width, 'espace-controleur');
        await gates.selectOption({ label: 'Hall A' });
        await page
          .getByTestId('gate-last-sync')
          .filter({ hasText: /\d\d:\d\d/ })
          .waitFor();
        await shoot(page, lang, width, 'espace-controleur-hall-a');
        await visit(page, lang, width, 'controleur', '/controleur');
        await context.close();
      }

      // The organiser: the back-office.
      if (wants('admin-dashboard', ...ADMIN_LISTS.map((list) => `admin-${list}`))) {
        context = await newContext(browser, baseURL, lang, viewport);
        page = await context.newPage();
        watch(page, `${lang}/${width} organiser`);
        await signIn(page, '/admin/login', accounts.organiser.email, accounts.organiser.password);
        await page.waitForFunction(() => localStorage.getItem('auth-organisateur') !== null);
        await visit(page, lang, width, 'admin-dashboard', '/admin');
        for (const list of ADMIN_LISTS) await visit(page, lang, width, `admin-${list}`, `/admin/${list}`);
        await context.close();
      }
      console.info(`${lang}/${width}: ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
}

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const started = Date.now();
const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-screenshots-'));
const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let browser: Browser | undefined;
/** Stops the server, waits until it has let go of its data, and removes them. */
async function cleanUp() {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});
try {
  server = await startServer(port, dataDir);
  const prepared = await prepareData(baseURL, dataDir);
  browser = await chromium.launch(launchOptions);
  // The forum programme's first conference, for the route conference/:id.
  const probe = await browser.newPage({ baseURL });
  await probe.goto('/programme-du-forum');
  const conferencePath = await probe.locator('#main a[href^="/conference/"]').first().getAttribute('href');
  if (!conferencePath) throw new Error('no conference link on /programme-du-forum');
  await probe.close();
  // A full run starts from an empty folder, so that a screen that no longer exists leaves no picture.
  if (!only) for (const lang of LANGS) rmSync(path.join(outDir, lang), { recursive: true, force: true });
  await shootAll(browser, baseURL, prepared, conferencePath);
  console.info(
    `${taken} screenshots in ${Math.round((Date.now() - started) / 1000)} s, ` +
      `${(folderSize(outDir) / 1e6).toFixed(1)} MB in ${path.relative(root, outDir)}/`,
  );
  if (problems.length) {
    console.warn(`Seen while taking them (${problems.length}):\n${[...new Set(problems)].join('\n')}`);
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await cleanUp();
}
