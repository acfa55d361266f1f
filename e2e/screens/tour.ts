/**
 * The walk through every screen, in each language and on each viewport: signed out (the public
 * pages, a conference, the e-badge, the kiosk), then as the exhibitor, the collaborator, the
 * controller and the organiser, each in a browser context of its own.
 */
import type { Browser } from '@playwright/test';
import { accounts } from '../tests/fixtures';
import { newContext, shoot, signIn, visit, wants, watch } from './camera';
import type { KioskVisitor } from './demo-data';
import { ADMIN_LISTS, AREA_TABS, LANGS, PUBLIC_PAGES, VIEWPORTS } from './list';

export async function shootAll(
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
