import { devices, expect, test } from '@playwright/test';
import {
  accounts,
  adminLogin,
  DEMO_COMPANY,
  login,
  loginThroughForm,
  organiserHeaders,
  waitForHydration,
} from './fixtures';

// The phone project runs this file as a Pixel 7; the desktop project picks it up too (its
// testMatch is the default), so the file sets the phone itself to mean the same in both.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

test.describe('On a phone', () => {
  test('the header shows a "Menu" toggle that reveals the navigation groups', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const toggle = nav.locator('summary', { hasText: 'Menu' });
    const group = (name: string) => nav.locator('summary').filter({ hasText: new RegExp(`^${name}$`) });
    await expect(toggle).toBeVisible();
    await expect(group('Le Salon')).toBeHidden();

    await toggle.click();

    for (const name of ['Le Salon', 'Le Forum', 'Exposer', 'Infos pratiques']) {
      await expect(group(name)).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Espace exposant' })).toBeVisible();

    await group('Le Salon').click();
    await nav.getByRole('link', { name: 'Editions depuis 2003' }).click();

    await expect(page).toHaveURL(/\/historique$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Editions depuis 2003');
    // The menu closes after a navigation.
    await expect(group('Le Salon')).toBeHidden();
  });

  test('the demo exhibitor signs in and sees its company name', async ({ page }) => {
    await loginThroughForm(page, accounts.exhibitor.email, accounts.exhibitor.password);

    await expect(page.locator('.area-company')).toHaveText(DEMO_COMPANY);
    await expect(page.locator('.area-company')).toBeInViewport();
    await expect(
      page
        .getByRole('navigation', { name: 'Menu de l’espace exposant' })
        .getByRole('button', { name: 'Badge Exposant' }),
    ).toBeVisible();
  });

  // The exhibitor's page keeps 3 PDFs at most: the test removes the one it adds, to run again on the same server.
  test('an exhibitor keeps its directory page: a rule broken is said under its field, a PDF added, a preview, then live as typed, and the PDF removed', async ({
    page,
  }) => {
    const stamp = Date.now();
    const pdfName = `tarifs-${stamp}.pdf`;
    const directoryTab = page
      .getByRole('navigation', { name: 'Menu de l’espace exposant' })
      .getByRole('button', { name: 'Fiche annuaire' });
    const presentation = `Granulats <b>lavés</b> du Souss, lot ${stamp}.`;
    await login(page, accounts.exhibitor2.email, accounts.exhibitor2.password);
    await directoryTab.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fiche annuaire');

    await page.getByLabel('Présentation (français)').fill(presentation);
    await page.getByLabel('Sécurité').check();
    await page.getByLabel('Site web').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(
      page.getByText('Une adresse web complète est attendue, commençant par https:// ou http://.'),
    ).toBeVisible();

    await page.getByLabel('Site web').fill('https://souss-agregats.example');
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(3000 + (stamp % 997), 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    await page.locator('input[type=file][accept="application/pdf"]').setInputFiles({
      name: pdfName,
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(page.getByRole('link', { name: pdfName })).toBeVisible();

    await page.getByRole('button', { name: 'Aperçu de la fiche' }).click();
    const preview = page.getByRole('region', { name: 'Aperçu de la fiche' });
    await expect(preview.getByText(presentation)).toBeVisible();

    await page.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(page.getByText('Votre fiche est enregistrée et visible dans l’annuaire.')).toBeVisible();

    await page.getByRole('link', { name: 'Voir ma fiche publique' }).click();
    // The public page once it is on screen: the address changes before the area leaves it, and
    // the area's preview has the same heading as the public page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Souss Agrégats']);
    await expect(page).toHaveURL(/\/annuaire\/souss-agregats-\d+$/);
    // Shown as typed: the markup is text, not bold.
    await expect(page.getByText(presentation)).toBeVisible();
    await expect(page.locator('.exhibitor-description b')).toHaveCount(0);
    await expect(page.getByText('Sécurité', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Site web' })).toHaveAttribute(
      'href',
      // Stored as the browser writes the address (decision 044).
      'https://souss-agregats.example/',
    );
    await expect(page.getByRole('link', { name: pdfName })).toBeVisible();

    await page.goBack();
    await directoryTab.click();
    await page.getByRole('button', { name: `Retirer ${pdfName}` }).click();
    await expect(page.getByRole('link', { name: pdfName })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enregistrer la fiche' }).click();
    await expect(page.getByText('Votre fiche est enregistrée et visible dans l’annuaire.')).toBeVisible();
  });

  test('a collaborator’s area has no directory page to edit', async ({ page }) => {
    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    const menu = page.getByRole('navigation', { name: 'Menu de l’espace exposant' });
    await expect(menu.getByRole('button', { name: 'Badge Collaborateur' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Fiche annuaire' })).toHaveCount(0);
  });

  test('the organiser’s record actions show by their names, and a tap opens their dialog', async ({ page }) => {
    await adminLogin(page);
    const headers = await organiserHeaders(page);
    const search = encodeURIComponent(JSON.stringify({ q: DEMO_COMPANY }));
    const [exhibitor] = (await (
      await page.request.get(`/backend/api/admin/exhibitors?filter=${search}`, { headers })
    ).json()) as { id: number }[];
    const editions = (await (await page.request.get('/backend/api/admin/editions', { headers })).json()) as {
      id: number;
      current: boolean;
    }[];

    await page.goto(`/admin/exhibitors/${exhibitor!.id}`);
    // React-admin's button shows its icon alone on a phone: without one, nothing showed.
    for (const name of ['Renvoyer l’accès', 'Désactiver']) {
      await expect(page.getByRole('button', { name, exact: true }).locator('svg')).toBeVisible();
    }
    await page.getByRole('button', { name: 'Renvoyer l’accès', exact: true }).tap();
    await expect(page.getByRole('dialog')).toContainText(`${DEMO_COMPANY} recevra un nouveau lien d’accès`);
    await page.getByRole('button', { name: 'Annuler' }).tap();

    await page.goto(`/admin/editions/${editions.find((e) => e.current)!.id}`);
    const announce = page.getByRole('button', { name: 'Inviter les abonnés à la newsletter' });
    await expect(announce.locator('svg')).toBeVisible();
    await announce.tap();
    await expect(page.getByRole('dialog', { name: 'Inviter les abonnés à la newsletter' })).toBeVisible();
  });
});
