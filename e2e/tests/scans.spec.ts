import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { formatDateTime } from '@salon/shared';
import { accounts, login, submitLogin, waitForHydration } from './fixtures';
import { expect, test } from './support/camera-test';
import { darkModules, darkModulesOfPath } from './support/fake-camera';
import { exhibitorToken, xsrf } from './support/gate';
import {
  openMyScans,
  openScanner,
  rowOf,
  scansOf,
  scansOfVisitor,
  scanTable,
  scanTexts,
  typeBadge,
  verdict,
} from './support/scanning';
import { forge, registerVisitor } from './support/visitors';

/**
 * Scanning badges at a stand from the exhibitor area: the camera or a typed code, the note, the
 * lists and the export, and the badges refused (scans kept offline: offline-scans.spec.ts).
 */

/** The texts of the contract (the web app's French). */
const texts = {
  recorded: 'Scan enregistré',
  invalid: 'Badge invalide : ce QR code n’est pas un badge du salon.',
  noteSaved: 'Note enregistrée.',
  cameraUnavailable: 'Caméra indisponible : saisissez le code du badge.',
  alreadyScanned: (time: string) => `Déjà scanné aujourd’hui à ${time}`,
  ...scanTexts,
};
const COLUMNS = ['Type', 'Nom', 'Email', 'Téléphone', 'Société', 'Fonction', 'Date & Heure'];
/** The specification's columns first, then the lead's own. */
const EXPORT_COLUMNS = [...COLUMNS, 'Par', 'Note', 'Évaluation', 'Suivi', 'Étiquettes', 'Ne plus contacter'];

/** The cell of `row` under the column header `column` of `table`. */
async function cell(table: Locator, row: Locator, column: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(column);
  expect(index, `column ${column} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.locator(':scope > td, :scope > th').nth(index);
}

/** The line under the scan of `name` in `table`: what the scanner noted at the stand. */
const notedUnder = (table: Locator, name: string) =>
  table.locator('tbody').filter({ hasText: name }).getByRole('row').nth(1);

/**
 * `formatDateTime` run by the browser: the page formats dates with the browser's own time zone
 * data, which may differ from Node's (Debian's Chromium has no Morocco offsets after 2025 and
 * falls back to UTC+0 there, while Node's ICU keeps UTC+1).
 */
async function browserDateTime(page: Page, instants: number[]): Promise<string[]> {
  return page.evaluate((list) => {
    const format = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Africa/Casablanca',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return list.map((ms) => {
      const parts = format.formatToParts(new Date(ms));
      const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
      return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
    });
  }, instants);
}

/**
 * What Excel shows for a date cell in 'dd/mm/yyyy hh:mm': the serial number's wall-clock time,
 * which exceljs reads back as that time in UTC.
 */
function excelWallClock(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  );
}

test.describe('Badge scans', () => {
  // The camera is the phone's (PHONE_ONLY in playwright.config.ts); the other tests here run on both.
  test(
    'the collaborator scans a new visitor’s badge with the camera and notes it; its exhibitor sees the scan and exports it',
    { tag: '@phone' },
    async ({ page, request, cameraPage }, testInfo) => {
      test.slow();
      const visitor = await registerVisitor(request, 'Yasmine');
      const note = `Intéressée par les coffrages, rappeler en juin (${visitor.email})`;

      // The camera films the very QR code the visitor's e-badge shows.
      expect(darkModules(visitor.token)).toEqual(darkModulesOfPath(visitor.qr.path));

      // The collaborator, on its phone with the camera.
      // The badge held up for 8 s, then taken away long enough for the test to end before the video loops.
      const phone = await cameraPage([{ badge: visitor.token, seconds: 8 }, { seconds: 50 }]);
      await login(phone, accounts.collaborator.email, accounts.collaborator.password);
      const collaboratorName = phone.getByLabel('Nom & Prénom');
      await expect(collaboratorName).not.toHaveValue('');
      const scannerName = await collaboratorName.inputValue();

      await openMyScans(phone);
      const before = Date.now();
      await phone.getByRole('link', { name: 'Scanner un badge', exact: true }).click();
      await expect(phone).toHaveURL(/\/scanner$/);
      await expect(phone.getByRole('heading', { level: 1, name: 'Scanner un badge' })).toBeVisible();
      await expect(phone.getByRole('link', { name: 'Mes scans', exact: true })).toBeVisible();
      await expect(phone.getByText('En ligne', { exact: true })).toBeVisible();
      await expect(phone.getByLabel('Caméra')).toBeVisible();
      await expect(phone.getByText(texts.cameraUnavailable)).toHaveCount(0);

      const recorded = verdict(phone, texts.recorded);
      await expect(recorded).toBeVisible({ timeout: 15_000 });
      const after = Date.now();
      await expect(recorded).toContainText(visitor.name);
      await expect(recorded).toContainText(visitor.company);
      await expect(recorded).toContainText(visitor.jobPosition);

      await phone.getByLabel('Note', { exact: true }).fill(note);
      await phone.getByRole('group', { name: 'Évaluation' }).getByRole('radio', { name: '4', exact: true }).check();
      await phone.getByRole('button', { name: 'Enregistrer la note' }).click();
      await expect(phone.getByText(texts.noteSaved)).toBeVisible();

      await phone.getByRole('link', { name: 'Mes scans', exact: true }).click();
      await expect(phone).toHaveURL(/\/espace-exposant\?tab=scans$/);
      await expect(phone.getByRole('heading', { level: 2, name: 'Scans de mes collaborateurs' })).toHaveCount(0);
      const mine = scanTable(phone, 'scansExposant');
      await expect(mine.getByRole('columnheader')).toHaveText(COLUMNS);
      const row = rowOf(mine, visitor.name);
      await expect(row).toHaveCount(1);
      await expect(await cell(mine, row, 'Type')).toHaveText('Visiteur');
      await expect(await cell(mine, row, 'Email')).toHaveText(visitor.email);
      await expect(await cell(mine, row, 'Téléphone')).toHaveText(visitor.phone);
      await expect(await cell(mine, row, 'Société')).toHaveText(visitor.company);
      await expect(await cell(mine, row, 'Fonction')).toHaveText(visitor.jobPosition);
      const shownAt = ((await (await cell(mine, row, 'Date & Heure')).textContent()) ?? '').trim();
      // The time the camera read the badge, to the minute, in the show's time zone.
      expect(await browserDateTime(phone, [before, after])).toContain(shownAt);

      // The note and the rating taken at the stand, under the scan's row.
      await expect(notedUnder(mine, visitor.name)).toContainText(`Note : ${note}`);
      await expect(notedUnder(mine, visitor.name)).toContainText(/Évaluation : ★+ 4\/5/);

      // Its exhibitor.
      await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
      await openMyScans(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Scans de mes collaborateurs' })).toBeVisible();
      await expect(rowOf(scanTable(page, 'scansExposant'), visitor.name)).toHaveCount(0);
      const theirs = scanTable(page, 'scansByCollaborators');
      await expect(theirs.getByRole('columnheader')).toHaveText([...COLUMNS, 'Par']);
      const theirRow = rowOf(theirs, visitor.name);
      await expect(theirRow).toHaveCount(1);
      await expect(await cell(theirs, theirRow, 'Type')).toHaveText('Visiteur');
      await expect(await cell(theirs, theirRow, 'Par')).toHaveText(scannerName);
      await expect(await cell(theirs, theirRow, 'Date & Heure')).toHaveText(shownAt);
      await expect(notedUnder(theirs, visitor.name)).toContainText(`Note : ${note}`);
      await expect(notedUnder(theirs, visitor.name)).toContainText(/Évaluation : ★+ 4\/5/);
      const viaApi = (await scansOf(request, page, 'collaborators')).filter((s) => s.person.name === visitor.name);
      expect(viaApi.map((s) => [s.typeScanned, s.scanner.name, s.note, s.rating])).toEqual([
        ['visitor', scannerName, note, 4],
      ]);

      // The second table's 'Exporter' (after the team's file and the first table's).
      const exportButtons = page.getByRole('button', { name: 'Exporter', exact: true });
      await expect(exportButtons).toHaveCount(3);
      const downloading = page.waitForEvent('download');
      await exportButtons.last().click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('SCANS.xlsx');
      const saved = testInfo.outputPath('SCANS.xlsx');
      await download.saveAs(saved);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(saved);
      const sheet = workbook.worksheets[0]!;
      const header = sheet.getRow(1);
      const headers = Array.from({ length: header.cellCount }, (_, i) => header.getCell(i + 1).text.trim());
      expect(headers).toEqual(EXPORT_COLUMNS);
      const column = (name: string) => headers.indexOf(name) + 1;
      const rows: ExcelJS.Row[] = [];
      sheet.eachRow((r, n) => {
        if (n > 1 && r.getCell(column('Nom')).text === visitor.name) rows.push(r);
      });
      expect(rows).toHaveLength(1);
      const exported = rows[0]!;
      expect(exported.getCell(column('Email')).text).toBe(visitor.email);
      expect(exported.getCell(column('Par')).text).toBe(scannerName);
      expect(exported.getCell(column('Note')).text).toBe(note);
      expect(exported.getCell(column('Évaluation')).text).toMatch(/^4\b/);
      const date = exported.getCell(column('Date & Heure'));
      expect(date.value, 'a real date cell').toBeInstanceOf(Date);
      const inExcel = excelWallClock(date.value as Date);
      // The server's time zone data decides the spreadsheet's numbers; where it agrees with the
      // browser's (not so in this Debian's Chromium after 2025), Excel shows what the page showed.
      const serverTimes = [formatDateTime(new Date(before)), formatDateTime(new Date(after))];
      expect(serverTimes).toContain(inExcel);
      if (serverTimes.join() === (await browserDateTime(page, [before, after])).join()) expect(inExcel).toBe(shownAt);
      // Excel shows the time too, not only the day.
      expect(date.numFmt ?? '').toMatch(/hh?:mm/i);
    },
  );

  test('the same badge typed in again says it was already scanned today, at the time the list shows, with the note taken before', async ({
    page,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Omar');
    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    await openScanner(page);
    // No camera in this browser: the typed code is the way.
    await expect(page.getByText(texts.cameraUnavailable)).toBeVisible();

    await typeBadge(page, visitor.token);
    await expect(verdict(page, texts.recorded)).toContainText(visitor.name);
    await page.getByLabel('Note', { exact: true }).fill('Simple curiosité');
    await page.getByRole('radio', { name: '2', exact: true }).check();
    await page.getByLabel('Étiquettes').fill('curiosité');
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByText('Note enregistrée.')).toBeVisible();

    await typeBadge(page, visitor.token);
    const already = page.getByRole('status').filter({ has: page.getByRole('heading', { name: /^Déjà scanné/ }) });
    await expect(already).toContainText(visitor.name);
    const heading = (await already.getByRole('heading').textContent()) ?? '';
    expect(heading).toMatch(/^Déjà scanné aujourd’hui à \d\d:\d\d$/);
    await expect(verdict(page, texts.recorded)).toHaveCount(0);
    // The form shows what the first conversation left; only the rating changes.
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('Simple curiosité');
    await expect(page.getByLabel('Étiquettes')).toHaveValue('curiosité');
    await page.getByRole('radio', { name: '3', exact: true }).check();
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByText('Note enregistrée.')).toBeVisible();

    // Later, the same badge again: the answer is the same, with the first scan's time.
    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    const mine = scanTable(page, 'scansExposant');
    const row = rowOf(mine, visitor.name);
    await expect(row).toHaveCount(1);
    const details = row.locator('xpath=following-sibling::tr[1]');
    await expect(details).toContainText('Note : Simple curiosité');
    await expect(details).toContainText('Étiquettes : curiosité');
    await expect(details).toContainText('3/5');
    const shownAt = ((await (await cell(mine, row, 'Date & Heure')).textContent()) ?? '').trim();
    expect(heading).toBe(texts.alreadyScanned(shownAt.slice(-5)));
    await page.getByRole('link', { name: 'Scanner un badge', exact: true }).click();
    await expect(page).toHaveURL(/\/scanner$/);
    await waitForHydration(page);
    await typeBadge(page, visitor.token);
    await expect(verdict(page, heading)).toContainText(visitor.name);

    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    await expect(rowOf(scanTable(page, 'scansExposant'), visitor.name)).toHaveCount(1);
    expect(await scansOfVisitor(request, page, visitor)).toHaveLength(1);
  });

  test('signed out, the scanner asks to sign in first, then opens', async ({ page }) => {
    await page.goto('/scanner');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fscanner$/);
    await submitLogin(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(page).toHaveURL(/\/scanner$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Scanner un badge' })).toBeVisible();
    await expect(page.getByLabel('Code du badge')).toBeVisible();
  });

  test('a forged badge is refused as not a badge of the show, and nothing is recorded', async ({ page, request }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Karim');
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openScanner(page);

    await typeBadge(page, forge(visitor.token));
    await expect(page.getByRole('alert')).toHaveText(texts.invalid);
    await expect(page.getByText(visitor.name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Enregistrer la note' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    await expect(page).toHaveURL(/\/espace-exposant\?tab=scans$/);
    // The list loaded (the demo data or earlier tests may leave it empty), without the visitor.
    const mine = scanTable(page, 'scansExposant');
    await expect(mine.or(page.getByText('Aucun scan de badge trouvé !').first())).toBeVisible();
    await expect(page.getByText(visitor.name)).toHaveCount(0);
    expect(await scansOfVisitor(request, page, visitor)).toHaveLength(0);
  });

  test("'Mes scans' shows each scan’s note and rating with it, under a single heading 'Mes scans', in French and in English", async ({
    page,
    request,
  }) => {
    test.slow();
    // A scan of the demo exhibitor's with what the scanner records at the stand.
    const visitor = await registerVisitor(request, 'Nadia');
    const note = `Veut un devis pour 200 m² de coffrage, rappeler lundi (${visitor.email})`;
    const headers = { authorization: `Bearer ${await exhibitorToken(request)}`, ...(await xsrf(request)) };
    const scanned = await request.post('/backend/api/scans', {
      headers,
      data: {
        scans: [{ id: randomUUID(), badge: visitor.token, scannedAt: new Date().toISOString(), note, rating: 3 }],
      },
    });
    expect(scanned.status(), await scanned.text()).toBe(200);

    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openMyScans(page);
    // The page is 'Mes scans', its first table too: one heading says it, the second table has its own.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes scans');
    await expect(page.getByRole('heading', { name: 'Mes scans', exact: true })).toHaveCount(1);
    // Above the tables, the exhibitor's questions, its report and the filters, folded.
    await expect(page.locator('.area-content').getByRole('heading', { level: 2 })).toHaveText([
      /^Questions de qualification/,
      'Bilan',
      'Filtrer les scans',
      'Les leads de toute l’équipe',
      'Scans de mes collaborateurs',
    ]);
    const mine = scanTable(page, 'scansExposant');
    await expect(mine).toHaveAccessibleName('Mes scans');
    await expect(scanTable(page, 'scansByCollaborators')).toHaveAccessibleName('Scans de mes collaborateurs');
    // The specification's columns; the note and the rating under the scan, across the table.
    await expect(mine.getByRole('columnheader')).toHaveText(COLUMNS);
    await expect(rowOf(mine, visitor.name)).toHaveCount(1);
    const noted = notedUnder(mine, visitor.name);
    await expect(noted).toContainText(`Note : ${note}`);
    await expect(noted).toContainText(/Évaluation : ★+ 3\/5/);
    // Seen at once, without opening anything nor scrolling the table sideways.
    const frame = (await mine.locator('xpath=..').boundingBox())!;
    for (const label of ['Note :', 'Évaluation :']) {
      const shown = noted.getByText(label, { exact: true });
      await expect(shown).toBeVisible();
      const box = (await shown.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width, label).toBeLessThanOrEqual(frame.x + frame.width);
    }
    await expect(noted.getByText(note)).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My scans');
    await expect(page.getByRole('heading', { name: 'My scans', exact: true })).toHaveCount(1);
    await expect(mine).toHaveAccessibleName('My scans');
    await expect(mine.getByRole('columnheader')).toHaveText([
      'Type',
      'Name',
      'Email',
      'Phone',
      'Company',
      'Position',
      'Date & time',
    ]);
    await expect(noted).toContainText(`Note: ${note}`);
    await expect(noted).toContainText(/Rating: ★+ 3\/5/);
  });
});
