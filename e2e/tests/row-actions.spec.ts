import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accounts, adminLogin, login } from './fixtures';
import { exhibitorToken, xsrf } from './support/gate';
import { registerVisitor, unique } from './support/visitors';

/** A phone, a tablet and a laptop. */
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
];

/**
 * Every button, link and checkbox in the rows of `table`, each checked twice, as a person meets it:
 *
 * 1. at a glance: the page scrolled to put the control mid-screen, the table's own scrollers left
 *    where they start (a person does not guess that a table scrolls sideways, and on a laptop its
 *    scroll bar sits under its last row, often off-screen);
 * 2. sought: the table's scrollers moved just enough to bring it into view (nothing a person
 *    cannot scroll, such as an `overflow: hidden` box, is moved).
 *
 * Each time the control must lie whole inside the window and inside every box that clips it, and
 * the element at its centre must be itself or inside it (a click there reaches it). Returns what
 * is wrong, one line per control and check.
 */
async function unclickableRowActions(table: Locator): Promise<{ checked: number; problems: string[] }> {
  return table.evaluate((tableElement) => {
    const describe = (el: Element | null) =>
      el
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${Array.from(el.classList).join('.')}` : ''}`
        : 'nothing';
    const root = document.documentElement;
    const inner = (a: Element) => {
      const frame = a.getBoundingClientRect();
      const left = frame.left + a.clientLeft;
      const top = frame.top + a.clientTop;
      return { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight };
    };
    const ancestors = (el: Element) => {
      const list: Element[] = [];
      for (let a = el.parentElement; a && a !== document.body && a !== root; a = a.parentElement) list.push(a);
      return list;
    };
    const clips = (a: Element) => {
      const style = getComputedStyle(a);
      return style.overflowX !== 'visible' || style.overflowY !== 'visible';
    };
    const scrollable = (value: string) => value === 'auto' || value === 'scroll';

    /** The inner scrollers a person can drag, the nearest first: back to their start, or just enough to show `el`. */
    const scrollInner = (el: Element, mode: 'start' | 'reveal') => {
      for (const a of ancestors(el)) {
        const style = getComputedStyle(a);
        if (mode === 'start') {
          if (scrollable(style.overflowX)) a.scrollLeft = 0;
          if (scrollable(style.overflowY)) a.scrollTop = 0;
          continue;
        }
        const box = el.getBoundingClientRect();
        const view = inner(a);
        if (scrollable(style.overflowX)) {
          if (box.right > view.right) a.scrollLeft += Math.min(box.right - view.right, box.left - view.left);
          else if (box.left < view.left) a.scrollLeft -= view.left - box.left;
        }
        if (scrollable(style.overflowY)) {
          if (box.bottom > view.bottom) a.scrollTop += Math.min(box.bottom - view.bottom, box.top - view.top);
          else if (box.top < view.top) a.scrollTop -= view.top - box.top;
        }
      }
    };
    /** The page, the control in the middle of the screen. */
    const scrollPage = (el: Element) => {
      const box = el.getBoundingClientRect();
      window.scrollBy(
        box.left + box.width / 2 - root.clientWidth / 2,
        box.top + box.height / 2 - root.clientHeight / 2,
      );
    };

    const check = (el: Element, name: string): string[] => {
      const found: string[] = [];
      const box = el.getBoundingClientRect();
      const slack = 0.5;
      const at = (b: { left: number; top: number; right: number; bottom: number }) =>
        `(${Math.round(b.left)}, ${Math.round(b.top)}) to (${Math.round(b.right)}, ${Math.round(b.bottom)})`;
      if (
        box.left < -slack ||
        box.top < -slack ||
        box.right > root.clientWidth + slack ||
        box.bottom > root.clientHeight + slack
      ) {
        found.push(`${name} lies outside the window at ${at(box)}`);
      }
      for (const a of ancestors(el)) {
        if (!clips(a)) continue;
        const view = inner(a);
        if (
          box.left < view.left - slack ||
          box.right > view.right + slack ||
          box.top < view.top - slack ||
          box.bottom > view.bottom + slack
        ) {
          found.push(`${name} at ${at(box)} is cut off by ${describe(a)}, which shows ${at(view)}`);
        }
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(hit === el || el.contains(hit)))
        found.push(`${name}: a click at its centre reaches ${describe(hit)}`);
      return found;
    };

    const controls = Array.from(
      tableElement.querySelectorAll<HTMLElement>(
        'tbody tr :is(button, a[href], input:not([type=hidden]), select, [role=button], [role=checkbox])',
      ),
    ).filter((el) => el.checkVisibility() && !el.parentElement?.closest('button, a[href], [role=button]'));
    const problems: string[] = [];
    for (const el of controls) {
      const row = el.closest('tr');
      const rowIndex = row ? Array.from(row.parentElement!.children).indexOf(row) + 1 : 0;
      const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      const name = `row ${rowIndex}, ${describe(el)} "${label}"`;

      scrollInner(el, 'start');
      scrollPage(el);
      problems.push(...check(el, `at a glance, ${name}`));
      scrollInner(el, 'reveal');
      scrollPage(el);
      problems.push(...check(el, `scrolled to, ${name}`));
    }
    return { checked: controls.length, problems };
  });
}

/** Checks every table on the page; returns the number of controls checked. */
async function expectEveryRowActionClickable(page: Page, where: string): Promise<number> {
  const tables = page.locator('main table, #main table');
  let checked = 0;
  for (const table of await tables.all()) {
    const result = await unclickableRowActions(table);
    expect(result.problems, `${where}: row actions that cannot be clicked`).toEqual([]);
    checked += result.checked;
  }
  // Nothing makes the page itself scroll sideways, where a person would not look for it.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  return checked;
}

const areaMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu de l’espace exposant' });

async function openTab(page: Page, name: string) {
  await areaMenu(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * Back-office lists: with a checkbox on each row (partners also with 'Monter' and 'Descendre' at
 * the row's end), or wide without any control (only the page's sideways scroll is checked).
 */
const ADMIN_LISTS = [
  { path: 'partenaires', title: 'Partenaires', controls: true },
  { path: 'conferences', title: 'Conférences du forum', controls: true },
  { path: 'galeries', title: 'Galerie', controls: true },
  { path: 'temoignages', title: 'Témoignages', controls: true },
  { path: 'exhibitors', title: 'Exposants', controls: false },
  { path: 'visitors', title: 'Visiteurs', controls: false },
];

test.describe('Every button and link of a table row can be clicked at its centre', () => {
  for (const viewport of VIEWPORTS) {
    test(`in the exhibitor's Collaborateurs and Mes scans at ${viewport.width} px wide`, async ({ page, request }) => {
      const jwt = await exhibitorToken(request);
      const headers = { authorization: `Bearer ${jwt}`, ...(await xsrf(request)) };
      // A collaborator whose name, position and address are longer than the demo's.
      const id = unique();
      const added = await request.post('/backend/api/auth/local/register/', {
        headers,
        data: {
          name: `Anne-Sophie Benjelloun-Tazi ${id}`,
          email: `anne-sophie.benjelloun-tazi.${id}@atlas-beton-industrie.example.com`,
          jobPosition: 'Responsable qualité, sécurité et environnement',
          phone: `07${String(Date.now()).slice(-8)}`,
          lang: 'fr',
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      const collaborator = ((await added.json()) as { data: { id: number } }).data;
      // A scan with a note and a rating, shown with it in 'Mes scans'.
      const visitor = await registerVisitor(request, 'Nadia');
      const scanned = await request.post('/backend/api/scans', {
        headers,
        data: {
          scans: [
            { id: randomUUID(), badge: visitor.token, scannedAt: new Date().toISOString(), note: 'Devis', rating: 4 },
          ],
        },
      });
      expect(scanned.status(), await scanned.text()).toBe(200);

      await page.setViewportSize(viewport);
      await login(page, accounts.exhibitor.email, accounts.exhibitor.password);

      await openTab(page, 'Collaborateurs');
      await expect(page.getByRole('table', { name: 'Vos collaborateurs' })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(id) })).toBeVisible();
      // Four actions on each row (download, e-mail, access, delete): the demo's three and the one added.
      expect(await expectEveryRowActionClickable(page, 'Collaborateurs')).toBeGreaterThanOrEqual(16);

      await openTab(page, 'Mes scans');
      await expect(
        page.locator('tbody', { has: page.getByRole('row', { name: new RegExp(visitor.name) }) }),
      ).toContainText('Note : Devis');
      await expect(page.locator('#scansByCollaborators tbody tr').first()).toBeVisible();
      // Its rows hold no control now (a scan's note and rating are shown under it, nothing opens
      // them), and the page still does not scroll sideways.
      await expectEveryRowActionClickable(page, 'Mes scans');

      const deleted = await request.delete(`/backend/api/users/${collaborator.id}`, { headers });
      expect(deleted.status(), await deleted.text()).toBe(200);
    });

    test(`in the back-office's lists at ${viewport.width} px wide`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await adminLogin(page);

      for (const list of ADMIN_LISTS) {
        await page.goto(`/admin/${list.path}`);
        await expect(page.locator('#react-admin-title')).toContainText(list.title);
        // A phone shows one line per record instead of a table (use-small.ts).
        if (viewport.width >= 600) await expect(page.locator('main table tbody tr').first()).toBeVisible();
        await expect(page.locator('.MuiLinearProgress-root')).toHaveCount(0);
        const checked = await expectEveryRowActionClickable(page, `/admin/${list.path}`);
        if (list.controls && viewport.width >= 600) {
          expect(checked, `/admin/${list.path}: controls in its rows`).toBeGreaterThan(0);
        }
      }
    });
  }
});
