/**
 * The content security policy refuses every style attribute (style-src-attr 'none',
 * apps/api/src/plugins/security.ts): an attribute in a page's HTML would be dropped by the browser
 * and not put back when React hydrates the page. So no page may carry one, and none may break any
 * other rule of the policy once its scripts run: the public pages, the exhibitor area and the
 * back-office (whose MUI styles carry the page's nonce). The home page's banner, once a style
 * attribute, is an image behind the hero: it must still show, over the hero's whole box.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminLogin, accounts, login, waitForHydration } from './fixtures';

interface Breach {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/** Every breach of the policy on this page from now on: the browser's event, and its console message. */
async function recordBreaches(page: Page): Promise<Breach[]> {
  const breaches: Breach[] = [];
  await page.exposeFunction('__reportBreach', (breach: Omit<Breach, 'page'>) =>
    breaches.push({ page: page.url(), ...breach }),
  );
  await page.addInitScript(() => {
    // Listening from the document's creation: an attribute in the HTML is refused while it is parsed.
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportBreach: (breach: object) => Promise<void> }).__reportBreach;
        void report({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
        });
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      breaches.push({ page: page.url(), directive: 'console', blocked: message.text(), source: '' });
    }
  });
  return breaches;
}

/** Lets the reports already sent by the page arrive: they come before this call's answer. */
async function settled(page: Page, breaches: Breach[]): Promise<Breach[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return breaches;
}

const PUBLIC_PAGES = [
  '/',
  '/annuaire',
  '/plan-2024',
  '/plan-2024?stand=B-14',
  '/programme-du-forum',
  '/infos-pratiques',
  '/login',
];

/** Any tag of the HTML with a style attribute. */
const STYLE_ATTRIBUTE = /<[a-zA-Z][^>]*\sstyle=[^>]*>/g;

test('the public pages carry no style attribute in their HTML and break no rule of the policy, before or after their scripts start', async ({
  page,
}) => {
  const breaches = await recordBreaches(page);
  for (const path of PUBLIC_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect((await response!.text()).match(STYLE_ATTRIBUTE), path).toBeNull();
    await waitForHydration(page);
    if (path.includes('stand=')) {
      // Panzoom has taken the plan, centred on the stand.
      await expect(page.getByRole('button', { name: 'Recentrer' })).toBeVisible();
    }
  }
  expect(await settled(page, breaches)).toEqual([]);
});

test('the exhibitor area breaks no rule of the policy, in any of its tabs', async ({ page }) => {
  const breaches = await recordBreaches(page);
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  for (const tab of ['badge', 'collaborateurs', 'ajouter-collaborateur', 'scans']) {
    await page.goto(`/espace-exposant?tab=${tab}`);
    await waitForHydration(page);
    await expect(page.locator('h1')).toBeVisible();
  }
  expect(await settled(page, breaches)).toEqual([]);
});

test("the back-office breaks no rule of the policy: MUI's styles carry the page's nonce", async ({ page }) => {
  const breaches = await recordBreaches(page);
  await adminLogin(page);
  for (const [path, title] of [
    ['/admin/exhibitors', 'Exposants'],
    ['/admin/bannieres/create', 'Créer Bannière'],
    ['/admin/plan-editor', 'Dessiner le plan'],
    ['/admin/sib', 'Fiche du salon'],
    // The dashboard and its charts.
    ['/admin', 'Visiteurs par secteur'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  }
  const styles = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'), (style) => style.nonce !== ''),
  );
  expect(styles.length).toBeGreaterThan(0);
  expect(styles.every(Boolean)).toBe(true);
  expect(await settled(page, breaches)).toEqual([]);
});

for (const { device, viewport } of [
  { device: 'a phone', viewport: { width: 390, height: 844 } },
  { device: 'a computer', viewport: { width: 1366, height: 768 } },
]) {
  test(`the home page's hero shows the organiser's banner over its whole box, on ${device}`, async ({ page }) => {
    const breaches = await recordBreaches(page);
    await page.setViewportSize(viewport);
    await page.goto('/');
    const hero = page.locator('section.hero');
    const banner = hero.locator('img.hero-backdrop');
    await expect(hero).not.toHaveAttribute('style');
    // Loaded, from the uploads the back-office keeps (the demo's is an SVG of 1920 × 1080).
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await banner.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/uploads\//);
    await expect(banner).toHaveAttribute('alt', '');
    // It covers the hero, as the background it replaces did, under the shade and the text.
    const heroBox = (await hero.boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    expect(bannerBox).toEqual(heroBox);
    expect(await banner.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
    const onTop = await page.evaluate(() => {
      const title = document.querySelector('.hero h1')!.getBoundingClientRect();
      return document.elementFromPoint(title.left + title.width / 2, title.top + title.height / 2)?.tagName;
    });
    expect(onTop).toBe('H1');
    expect(await settled(page, breaches)).toEqual([]);
  });
}
