import { expect, test, type BrowserContextOptions, type FullProject, type Page } from '@playwright/test';
import { AREA_REGISTRATION_TYPES, SESSION_STORAGE_KEY, XSRF_COOKIE, XSRF_HEADER } from '@salon/shared';

/** The demo accounts seeded by the server (apps/api/src/db/seed/accounts.ts). */
export const accounts = {
  exhibitor: { email: 'exposant@example.com', password: 'Exposant2024!' },
  collaborator: { email: 'collaborateur@example.com', password: 'Collab2024!' },
  /** DEMO_COMPANIES[1], 'Souss Agrégats': the one whose directory page the phone's test edits. */
  exhibitor2: { email: 'exposant2@example.com', password: 'Exposant2024!' },
  controller: { email: 'controleur@example.com', password: 'Controle2024!' },
  organiser: { email: 'organisateur@example.com', password: 'Organise2024!' },
  /** Exhibited in 2017, only a visitor registration for 2024. */
  formerExhibitor: { email: 'visiteur@example.com', password: 'Visiteur2024!' },
} as const;

/** DEMO_COMPANIES[0] in apps/api/src/db/seed/content/companies.ts: the demo exhibitor and its staff. */
export const DEMO_COMPANY = 'Atlas Béton Industrie';

export const texts = {
  required: 'Champ obligatoire',
  badEmail: "Format d'email incorrecte",
  loginFailed: 'Login et/ou Mot de passe est incorect.',
  expired: 'Votre session a expiré, veuillez vous reconnecter.',
  logoutConfirm: 'Êtes vous sûr de vouloir se déconnecter ?',
};

/**
 * Moves the mouse, as a visitor would, and waits until React has hydrated the server-rendered
 * page: before that, a click on a button does nothing (or submits the form natively).
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Pages that are read start their scripts at the first interaction (lib/deferred-scripts.ts).
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => {
    const main = document.querySelector('#main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactProps$'));
  });
}

/** Fills the sign-in form of the page already open at /login and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  // The form works only once React has hydrated the page.
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  await waitForHydration(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs in through the form at /login, as a person does, and waits for the exhibitor area. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/espace-exposant$/);
}

/**
 * Opens the exhibitor area signed in, for the tests whose subject is not the sign-in: the same
 * calls the form makes (`POST auth/local`, then the registration that opens the area), made from
 * the page's own cookie jar, and the session stored where the form stores it before the area
 * loads. The sign-in page itself, a page load and its hydration, is left out (login.spec.ts tests
 * it).
 */
export async function login(page: Page, email: string, password: string): Promise<void> {
  // A document of the site's origin, to write its storage: a text file, with no script to start.
  // Its answer also sets the double-submit cookie that a POST copies into its header.
  await page.goto('/robots.txt');
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  const signedIn = await page.request.post('/backend/api/auth/local', {
    data: { identifier: email, password },
    headers: { [XSRF_HEADER]: xsrf },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { jwt, user } = (await signedIn.json()) as { jwt: string; user: { id: number } };
  const own = await page.request.get(`/backend/api/registrations?filters[user][id]=${user.id}`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const { data } = (await own.json()) as { data: { type: string; event: { current: boolean } }[] };
  const registration = data.find(
    (r) => r.event.current && (AREA_REGISTRATION_TYPES as readonly string[]).includes(r.type),
  )!;
  const session = JSON.stringify({ user, jwt, type: registration.type, registration });
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION_STORAGE_KEY, session]);
  await page.goto('/espace-exposant');
  await expect(page).toHaveURL(/\/espace-exposant$/);
}

export async function storedSession(page: Page): Promise<{ jwt: string; user: { id: number } } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('auth'));
  return raw ? (JSON.parse(raw) as { jwt: string; user: { id: number } }) : null;
}

/** Signs the demo organiser in to the back-office at /admin, and waits until the session is kept. */
export async function adminLogin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Adresse e-mail').fill(accounts.organiser.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(accounts.organiser.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForFunction(() => localStorage.getItem('auth-organisateur') !== null);
}

/**
 * Opens the back-office signed in as the demo organiser, for the tests whose subject is not the
 * sign-in: the call its form makes (`POST auth/organiser`), from the page's own cookie jar, and
 * the session stored where the form stores it before /admin loads (admin.spec.ts tests the form).
 */
export async function adminLoginThroughApi(page: Page): Promise<void> {
  // A document of the site's origin, to write its storage; its answer sets the XSRF cookie.
  await page.goto('/robots.txt');
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  const signedIn = await page.request.post('/backend/api/auth/organiser', {
    data: { identifier: accounts.organiser.email, password: accounts.organiser.password },
    headers: { [XSRF_HEADER]: xsrf },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const session = await signedIn.text();
  await page.evaluate((value) => localStorage.setItem('auth-organisateur', value), session);
  await page.goto('/admin');
}

/** The signed-in organiser's API headers, for the calls a test makes to set up or put back. */
export async function organiserHeaders(page: Page): Promise<Record<string, string>> {
  const { jwt } = JSON.parse((await page.evaluate(() => localStorage.getItem('auth-organisateur')))!) as {
    jwt: string;
  };
  const xsrf = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE)!.value;
  return { authorization: `Bearer ${jwt}`, [XSRF_HEADER]: xsrf };
}

/**
 * One page for the tests of a describe block that each load a page and only read it, opened with
 * the project's device, locale and base URL (and `options`, or options made from the project's
 * own, and `cookies` of the site): a new page per test cost as much processor as such a check
 * (decision 028). A failed test starts a new worker, and a new page.
 */
export function sharedReadingPage(
  options: BrowserContextOptions | ((use: FullProject['use']) => BrowserContextOptions) = {},
  cookies: { name: string; value: string }[] = [],
): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }, { project }) => {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, locale, timezoneId } = project.use;
    const context = await browser.newContext({
      viewport,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      baseURL,
      locale,
      timezoneId,
      ...(typeof options === 'function' ? options(project.use) : options),
    });
    if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })));
    page = await context.newPage();
  });
  test.afterAll(() => page?.context().close());
  return () => page!;
}
