import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_COMPANY } from './fixtures';
import { registerVisitor } from './support/visitors';

/** 'Ma visite': exhibitors and conferences a visitor keeps on the device, without an account. */

const keep = (name: string | RegExp) =>
  typeof name === 'string' ? `Ajouter à ma visite — ${name}` : new RegExp(`^Ajouter à ma visite — ${name.source}`);
const kept = (name: string | RegExp) =>
  typeof name === 'string' ? `Dans ma visite — ${name}` : new RegExp(`^Dans ma visite — ${name.source}`);
const TALK = /Construire le Maroc de demain/;

test.describe('Ma visite', () => {
  test('a visitor finds an exhibitor by sector, keeps it and a conference, and takes the conferences to a calendar', async ({
    page,
  }) => {
    await page.goto('/annuaire');
    const sector = page.getByLabel('Secteur d’activité');
    const option = await sector.locator('option', { hasText: /^Gros Oeuvre/ }).textContent();
    await sector.selectOption({ label: option! });
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.getByRole('link', { name: DEMO_COMPANY }).click();
    await page.getByRole('button', { name: keep(DEMO_COMPANY) }).click();
    await expect(page.getByRole('button', { name: kept(DEMO_COMPANY) })).toBeVisible();

    await page.goto('/programme-du-forum');
    await page.getByRole('button', { name: keep(TALK) }).click();
    await expect(page.getByRole('button', { name: kept(TALK) })).toBeVisible();

    await page.goto('/ma-visite');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ma visite');
    await expect(
      page.getByRole('region', { name: 'Exposants à voir' }).getByRole('link', { name: DEMO_COMPANY }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conférences à suivre' })).toContainText(/N°1 — Construire le Maroc/);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Ajouter les conférences à mon agenda (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('ma-visite.ics');
    const calendar = await readFile(await file.path(), 'utf8');
    expect(calendar).toMatch(/^BEGIN:VCALENDAR/);
    expect(calendar).toMatch(/SUMMARY:N°1 — Construire le Maroc/);
    // 10h00 on Marrakech's clock, in its zone (UTC+1 on 29 May 2024, as the file's VTIMEZONE says).
    expect(calendar).toContain('DTSTART;TZID=Africa/Casablanca:20240529T100000');
    expect(calendar).toContain('TZOFFSETTO:+0100');

    await page.getByRole('button', { name: kept(DEMO_COMPANY) }).click();
    await expect(page.getByRole('region', { name: 'Exposants à voir' })).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('1 élément dans votre liste.');
  });

  test('a visitor keeps a conference from the page of the exhibitor who gives it', async ({ page }) => {
    await page.goto(`/annuaire?q=${encodeURIComponent('Atlas Béton')}`);
    await page.getByRole('link', { name: DEMO_COMPANY }).click();
    const talks = page.getByRole('region', { name: 'Conférences au forum' });
    await talks.getByRole('button', { name: keep(TALK) }).click();
    await expect(talks.getByRole('button', { name: kept(TALK) })).toBeVisible();
    // The company itself is not kept by its talk's star.
    await expect(page.getByRole('button', { name: keep(DEMO_COMPANY) })).toBeVisible();

    await page.goto('/ma-visite');
    await expect(page.getByRole('region', { name: 'Conférences à suivre' })).toContainText(/N°1 — Construire le Maroc/);
    await expect(page.getByRole('region', { name: 'Exposants à voir' })).toHaveCount(0);
  });

  test('a registered visitor keeps the list with the badge and finds it on another device', async ({
    page,
    browser,
    request,
  }) => {
    const visitor = await registerVisitor(request, 'Nadia');
    await page.goto(`/annuaire?q=${encodeURIComponent('Atlas Béton')}`);
    await page.getByRole('button', { name: keep(DEMO_COMPANY) }).click();
    await expect(page.getByRole('button', { name: kept(DEMO_COMPANY) })).toBeVisible();

    await page.goto(`/ebadge?token=${visitor.key}`);
    const onBadge = page.getByRole('region', { name: 'Ma visite' });
    await expect(onBadge).toContainText('Aucune liste n’est encore gardée avec ce badge.');
    await expect(onBadge).toContainText('Cet appareil garde 1 élément.');
    await onBadge.getByRole('button', { name: 'Garder la liste de cet appareil avec mon badge' }).click();
    await expect(onBadge.getByRole('link', { name: DEMO_COMPANY })).toBeVisible();

    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const phone = await other.newPage();
    await phone.goto(`/ebadge?token=${visitor.key}`);
    const there = phone.getByRole('region', { name: 'Ma visite' });
    await expect(there.getByRole('link', { name: DEMO_COMPANY })).toBeVisible();
    await there.getByRole('button', { name: 'Reprendre la liste de mon badge sur cet appareil' }).click();
    await phone.goto('/ma-visite');
    await expect(
      phone.getByRole('region', { name: 'Exposants à voir' }).getByRole('link', { name: DEMO_COMPANY }),
    ).toBeVisible();
    await other.close();
  });

  test('the plan stars the stands of the list, a tap opens a stand’s card to keep it, and a sector lights its stands', async ({
    page,
  }) => {
    await page.goto(`/annuaire?q=${encodeURIComponent('Atlas Béton')}`);
    await page.getByRole('button', { name: keep(DEMO_COMPANY) }).click();
    await expect(page.getByRole('button', { name: kept(DEMO_COMPANY) })).toBeVisible();

    await page.goto('/plan-2024');
    await expect(page.getByRole('link', { name: `Stand A-02, ${DEMO_COMPANY} — Dans ma visite` })).toHaveClass(
      /is-kept/,
    );
    await expect(page.locator('.plan-legend')).toContainText('Dans ma visite');

    // Before the scripts, the stand's link opens the page at its #plan; with them, it stays in the page.
    await page.locator('[data-stand="A-08"]').click();
    await expect(page).toHaveURL(/\/plan-2024\?stand=A-08(#plan)?$/);
    // The card's star at once, while the scripts may be starting: the page does not move under it.
    const card = page.getByRole('complementary', { name: 'Stand A-08 · Hall A' });
    await card.getByRole('button', { name: /^Ajouter à ma visite — / }).click();
    await expect(card.getByRole('button', { name: /^Dans ma visite — / })).toBeVisible();
    await expect(page.locator('[data-stand="A-08"]')).toHaveClass(/is-kept/);
    await card.getByRole('link', { name: 'Fermer la fiche du stand' }).click();
    await expect(card).toHaveCount(0);

    const sector = page.getByLabel('Secteur d’activité');
    const option = await sector.locator('option', { hasText: /^Gros Oeuvre/ }).textContent();
    await sector.selectOption({ label: option! });
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(page).toHaveURL(/sector=\d+/);
    await expect(page.getByRole('status')).toHaveText(/^\d+ stands? (correspond|correspondent) à « Gros Oeuvre »$/);
    await expect(page.locator('[data-stand="A-02"]')).toHaveClass(/is-match/);
  });

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test('a bookmark is a form: the directory’s star keeps an exhibitor, Ma visite lists it and empties', async ({
      page,
    }) => {
      await page.goto(`/annuaire?q=${encodeURIComponent('Atlas Béton')}`);
      await page.getByRole('button', { name: keep(DEMO_COMPANY) }).click();
      await expect(page).toHaveURL(/\/annuaire\?q=Atlas/);
      await expect(page.getByRole('button', { name: kept(DEMO_COMPANY) })).toBeVisible();
      await page.goto('/ma-visite');
      await expect(
        page.getByRole('region', { name: 'Exposants à voir' }).getByRole('link', { name: DEMO_COMPANY }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Vider ma liste' }).click();
      await expect(page).toHaveURL(/\/ma-visite$/);
      await expect(page.getByText(/^Votre liste est vide\./)).toBeVisible();
    });
  });
});
