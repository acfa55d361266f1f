import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import { accounts, login, storedSession, waitForHydration } from './fixtures';
import { expect, test } from './support/camera-test';
import { xsrf } from './support/gate';
import {
  openMyScans,
  openScanner,
  rowOf,
  scansOfVisitor,
  scanTable,
  scanTexts,
  typeBadge,
  verdict,
} from './support/scanning';
import { registerVisitor } from './support/visitors';

/**
 * A lead qualified at the stand: the exhibitor's own questions asked after a scan, offline as the
 * scan is, then completed, followed up and found again with the filters of 'Mes scans'.
 */

/** The network gone, a badge typed into the scanner: the scan waits on the phone. */
async function scanOffline(page: Page, context: BrowserContext, token: string) {
  await context.setOffline(true);
  await typeBadge(page, token);
  await expect(verdict(page, scanTexts.kept)).toBeVisible();
}

test.describe('Leads', () => {
  test('an exhibitor writes three questions, answers them offline after a scan, and finds the lead once, completes it, follows it up and filters by it', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Leila');
    // The second demo exhibitor: its questions are its own, and no other spec reads them.
    await login(page, accounts.exhibitor2.email, accounts.exhibitor2.password);
    await openMyScans(page);
    const editor = page.locator('details.lead-questions');
    await editor.getByRole('heading', { name: /^Questions de qualification/ }).click();
    const question = (n: number) => editor.getByRole('group', { name: `Question ${n}` });
    // The list starts empty, whichever project ran this test first on the same server.
    await expect(editor.getByText('Aucune question pour le moment.').or(question(1))).toBeVisible();
    const remove = editor.getByRole('button', { name: 'Supprimer' });
    while ((await remove.count()) > 0) await remove.first().click();
    for (const [n, label, kind, choices] of [
      [1, 'Projet', 'Choix unique', 'Neuf\nRénovation'],
      [2, 'Produits', 'Choix multiple', 'Béton\nCoffrage\nAcier'],
      [3, 'Délai', 'Réponse courte', ''],
    ] as const) {
      await editor.getByRole('button', { name: 'Ajouter une question' }).click();
      await question(n).getByLabel('Intitulé').fill(label);
      await question(n).getByLabel('Type de réponse').selectOption({ label: kind });
      if (choices)
        await question(n)
          .getByLabel(/^Choix \(un par ligne/)
          .fill(choices);
    }
    await editor.getByRole('button', { name: 'Enregistrer les questions' }).click();
    await expect(editor.getByText('Questions enregistrées.')).toBeVisible();

    // At the stand, offline: the scan and its answers wait on the phone together.
    await page.getByRole('link', { name: 'Scanner un badge', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Scanner un badge' })).toBeVisible();
    await waitForHydration(page);
    // The questions came with 'Mes scans' (the list just saved): the phone has them offline.
    await scanOffline(page, context, visitor.token);
    await page.getByRole('radio', { name: 'Rénovation' }).check();
    await page.getByRole('checkbox', { name: 'Béton' }).check();
    await page.getByRole('checkbox', { name: 'Coffrage' }).check();
    await page.getByLabel('Délai').fill('Septembre');
    await page.getByLabel('Étiquettes').fill('devis, urgent');
    await page.getByRole('radio', { name: '4', exact: true }).check();
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByText('Note enregistrée.')).toBeVisible();
    await expect(page.getByText(scanTexts.waiting(1))).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    const mine = scanTable(page, 'scansExposant');
    await expect(rowOf(mine, visitor.name)).toHaveCount(1);
    expect(await scansOfVisitor(request, page, visitor)).toHaveLength(1);
    const details = rowOf(mine, visitor.name).locator('xpath=following-sibling::tr[1]');
    await expect(details).toContainText('Projet : Rénovation');
    await expect(details).toContainText('Produits : Béton, Coffrage');
    await expect(details).toContainText('Délai : Septembre');
    await expect(details).toContainText('Étiquettes : devis, urgent');

    // Completed later: one product less, and the date changed.
    await details.getByText('Compléter').click();
    await expect(details.getByRole('radio', { name: 'Rénovation' })).toBeChecked();
    await details.getByRole('checkbox', { name: 'Béton' }).uncheck();
    await details.getByLabel('Délai').fill('Octobre');
    await details.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(details).toContainText('Produits : Coffrage');
    await expect(details).toContainText('Délai : Octobre');

    // Followed up, and found again by its follow-up and its answer; other filters leave it out.
    await details.getByLabel('Suivi').selectOption({ label: 'À recontacter' });
    await expect(details.getByLabel('Suivi')).toHaveValue('to_contact');
    const filters = page.locator('details.scans-filters');
    const filter = async (label: string, option: string) => {
      await page.goto('/espace-exposant?tab=scans');
      await filters.getByRole('heading', { name: 'Filtrer les scans' }).click();
      await filters.getByLabel(label, { exact: true }).selectOption({ label: option });
      await filters.getByRole('button', { name: 'Filtrer', exact: true }).click();
    };
    await filter('Suivi', 'À recontacter');
    await expect(page).toHaveURL(/status=to_contact/);
    await expect(rowOf(mine, visitor.name)).toHaveCount(1);
    await filter('Suivi', 'Recontacté');
    await expect(rowOf(mine, visitor.name)).toHaveCount(0);
    await filter('Réponse', 'Rénovation');
    await expect(rowOf(mine, visitor.name)).toHaveCount(1);
    await filter('Réponse', 'Neuf');
    await expect(rowOf(mine, visitor.name)).toHaveCount(0);

    // The leads for a CRM and an address book, with the answers: the exports follow the filters,
    // so without one they hold every lead.
    await page.goto('/espace-exposant?tab=scans');
    const download = async (button: string) => {
      const file = page.waitForEvent('download');
      await page.locator('section.scans-section').first().getByRole('button', { name: button }).click();
      const done = await file;
      return { name: done.suggestedFilename(), text: await readFile(await done.path(), 'utf8') };
    };
    const csv = await download('CSV pour CRM');
    expect(csv.name).toBe('SCANS.csv');
    expect(csv.text).toContain('First Name,Last Name,Email,Phone Number,Company Name,Job Title');
    expect(csv.text).toMatch(
      new RegExp(`${visitor.email}.*À recontacter,"devis, urgent".*Rénovation,Coffrage,Octobre`),
    );
    const cards = await download('Contacts (vCard)');
    expect(cards.name).toBe('SCANS.vcf');
    expect(cards.text).toContain(`EMAIL:${visitor.email}`);
    expect(cards.text).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
  });

  test('a lead completed on one screen while another changed its note keeps what was typed, says so, and saves it on the second try', async ({
    page,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Nadia');
    await login(page, accounts.exhibitor2.email, accounts.exhibitor2.password);
    const { jwt } = (await storedSession(page))!;
    await openScanner(page);
    await typeBadge(page, visitor.token);
    await expect(verdict(page, 'Scan enregistré')).toBeVisible();
    await page.getByLabel('Note', { exact: true }).fill('Intéressée par les coffrages');
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByText('Note enregistrée.')).toBeVisible();

    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    const details = rowOf(scanTable(page, 'scansExposant'), visitor.name).locator('xpath=following-sibling::tr[1]');
    await expect(details).toContainText('Note : Intéressée par les coffrages');
    await details.getByText('Compléter').click();
    const note = details.getByLabel('Note', { exact: true });
    await expect(note).toHaveValue('Intéressée par les coffrages');

    // Meanwhile, a teammate's phone changes the note.
    const [scan] = await scansOfVisitor(request, page, visitor);
    const other = await request.put(`/backend/api/scans/${scan!.id}`, {
      headers: { ...(await xsrf(request)), authorization: `Bearer ${jwt}` },
      data: { note: 'Rappeler après le salon' },
    });
    expect(other.status(), await other.text()).toBe(200);

    // This screen's save is refused: the message says which field, and the typing stays.
    await note.fill('Devis coffrage à envoyer lundi');
    await details.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(
      details.getByText(
        'Ce prospect a été modifié ailleurs entre-temps (note) : rien n’a été enregistré. Vos saisies sont conservées ; vérifiez la fiche puis enregistrez à nouveau pour les garder.',
      ),
    ).toBeVisible();
    await expect(note).toHaveValue('Devis coffrage à envoyer lundi');
    expect((await scansOfVisitor(request, page, visitor))[0]!.note).toBe('Rappeler après le salon');

    // Saved again, knowingly: it replaces the other screen's note.
    await details.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(details).toContainText('Note : Devis coffrage à envoyer lundi');
    await expect
      .poll(async () => (await scansOfVisitor(request, page, visitor))[0]!.note)
      .toBe('Devis coffrage à envoyer lundi');
  });

  test('a scan answered offline arrives when the exhibitor changed a question meanwhile: with its other answers, without the one that no longer fits', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Rachid');
    await login(page, accounts.exhibitor2.email, accounts.exhibitor2.password);
    const { jwt } = (await storedSession(page))!;
    // The exhibitor's questions, written from another device (the phone is about to go offline).
    const saveQuestions = async (questions: object[]) => {
      const res = await request.put('/backend/api/lead-questions', {
        headers: { ...(await xsrf(request)), authorization: `Bearer ${jwt}` },
        data: { questions },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { id: number }[] }).data;
    };
    const [site, deadline] = await saveQuestions([
      { kind: 'single', label: 'Chantier', choices: ['Neuf', 'Rénovation'] },
      { kind: 'text', label: 'Échéance' },
    ]);
    await openScanner(page);
    await scanOffline(page, context, visitor.token);
    await page.getByRole('radio', { name: 'Rénovation' }).check();
    await page.getByLabel('Échéance').fill('Juin');
    await page.getByRole('button', { name: 'Enregistrer la note' }).click();
    await expect(page.getByText(scanTexts.waiting(1))).toBeVisible();

    // Meanwhile 'Rénovation' became 'Extension': the answer waiting on the phone fits no more.
    await saveQuestions([
      { id: site!.id, kind: 'single', label: 'Chantier', choices: ['Neuf', 'Extension'] },
      { id: deadline!.id, kind: 'text', label: 'Échéance' },
    ]);
    await context.setOffline(false);
    await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    const mine = scanTable(page, 'scansExposant');
    await expect(rowOf(mine, visitor.name)).toHaveCount(1);
    const details = rowOf(mine, visitor.name).locator('xpath=following-sibling::tr[1]');
    await expect(details).toContainText('Échéance : Juin');
    await expect(details).not.toContainText('Chantier :');
  });
});
