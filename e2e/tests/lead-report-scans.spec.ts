import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accounts, login, waitForHydration } from './fixtures';
import { openMyScans } from './support/scanning';

/**
 * 'Bilan': the demo exhibitor's report of its leads, folded in 'Mes scans', on
 * a laptop and on a phone (the file name puts it in both projects, on the same server: the
 * figures are read from the page, never assumed).
 */

test('the exhibitor opens its report in Mes scans, reads its totals and a chart’s table, and downloads it as a PDF', async ({
  page,
}) => {
  await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
  await openMyScans(page);
  await waitForHydration(page);
  const card = page.locator('details.lead-report');
  await card.getByRole('heading', { level: 2, name: 'Bilan', exact: true }).click();

  // The totals: the leads of the edition and their mean per day.
  const totals = card.locator('.report-totals');
  await expect(totals.getByText('Leads', { exact: true })).toBeVisible();
  await expect(totals.getByText('Par jour (moyenne)')).toBeVisible();
  const total = Number((await totals.locator('dd').first().innerText()).replace(/\s/g, ''));
  expect(Number.isInteger(total)).toBe(true);

  await expect(card.getByText('Les leads de l’édition, les vôtres et ceux de vos collaborateurs,')).toBeVisible();
  // The hall: compared, or said why not; a median of 0 is said in words, never shown as a figure.
  await expect(card.locator('.report-hall')).toHaveText(
    /^(Médiane des \d+ autres exposants de votre hall \(.+\) : (?!0 leads).+|Pas de comparaison utile : plus de la moitié des \d+ autres exposants de votre hall \(.+\) n’ont enregistré aucun lead \(médiane : 0\)\.|Comparaison non affichée : moins de 5 autres exposants dans votre hall .+|Aucun hall attribué : pas de comparaison\.)$/,
  );
  if ((await card.locator('.report-hall').innerText()).startsWith('Pas de comparaison utile'))
    await expect(totals.getByText('Médiane du hall')).toHaveCount(0);

  if (total > 0) {
    // Each chart is a table named by its caption; the days' figures add up to the total.
    const days = card.getByRole('table', { name: 'Leads par jour' });
    await expect(days).toBeVisible();
    await expect(days.getByRole('columnheader', { name: 'Jour' })).toBeVisible();
    await expect(days.getByRole('rowheader', { name: 'Mercredi 29 mai' })).toBeVisible();
    const figures = await days.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(figures.reduce((sum, text) => sum + Number(text.replace(/\s/g, '')), 0)).toBe(total);
    await expect(card.getByRole('table', { name: 'Leads par collaborateur' })).toBeVisible();
    await expect(card.getByRole('table', { name: 'Leads par évaluation' }).getByRole('rowheader')).toHaveText([
      '5/5',
      '4/5',
      '3/5',
      '2/5',
      '1/5',
      'Sans évaluation',
    ]);
  } else {
    await expect(card.getByText('Aucun lead pour cette édition.')).toBeVisible();
  }

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Télécharger le bilan (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bilan-2024.pdf');
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(2_000);
});
