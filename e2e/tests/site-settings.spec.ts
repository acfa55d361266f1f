import { expect, test, type Page } from '@playwright/test';
import { XSRF_HEADER } from '@salon/shared';
import { adminLogin, organiserHeaders } from './fixtures';

/**
 * What the organiser publishes (back-office 'Lieu, contacts et visite' and 'Éditions'), seen on
 * the public site in the browser. Each test puts the demo's settings back for the other specs.
 */

/** The settings as they are now, and a function that puts them back. */
async function keepSettings(page: Page) {
  const headers = await organiserHeaders(page);
  const res = await page.request.get('/backend/api/admin/site-settings/1', { headers });
  expect(res.status()).toBe(200);
  const saved = (await res.json()) as Record<string, unknown>;
  return async () => {
    const back = await page.request.put('/backend/api/admin/site-settings/1', { headers, data: saved });
    expect(back.status()).toBe(200);
  };
}

const TOUR = 'https://kuula.co/share/collection/7l8Qn';

test.describe('Site settings', () => {
  test('an organiser changes the venue, a contact phone and the tour, adds an edition, and the public pages show each', async ({
    page,
  }) => {
    test.slow();
    await adminLogin(page);
    const restore = await keepSettings(page);
    let editionId: string | undefined;
    try {
      await page.goto('/admin/site-settings');
      const name = page.getByLabel('Nom du lieu');
      await expect(name).toHaveValue('Parc des expositions de Marrakech (démo)');
      await name.fill('Palais des congrès Bab Ighli');
      await page.getByLabel('Adresse', { exact: true }).fill('Boulevard Mohammed VI\n40000 Marrakech');
      await page.getByLabel('Exposants : téléphone').fill('+212 5 24 43 43 43');
      await page.getByLabel('Adresse de la visite virtuelle 3D').fill(TOUR);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Élément mis à jour')).toBeVisible();

      await page.goto('/admin/editions/create');
      await page.getByLabel('N° d’édition').fill('7');
      await page.getByLabel('Nom', { exact: true }).fill('7e édition du Salon');
      await page.getByLabel('Début').fill('2026-05-20');
      await page.getByLabel('Fin').fill('2026-05-23');
      await page.getByLabel('Ville').fill('Tanger');
      await page.getByRole('textbox', { name: 'Thème (français)', exact: true }).fill('Bâtir le Maroc durable');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Élément créé')).toBeVisible();
      await expect(page.getByRole('row', { name: /7e édition du Salon/ })).toBeVisible();
      const newest = await page.request.get(
        '/backend/api/admin/editions?sort=%5B%22id%22%2C%22DESC%22%5D&range=%5B0%2C0%5D',
        { headers: await organiserHeaders(page) },
      );
      const [created] = (await newest.json()) as { id: number; name: string }[];
      expect(created!.name).toBe('7e édition du Salon');
      editionId = String(created!.id);

      await page.goto('/infos-lieu');
      const venue = page.locator('main address.info-venue');
      await expect(venue).toContainText('Palais des congrès Bab Ighli');
      await expect(venue).toContainText('Boulevard Mohammed VI');
      await expect(page.locator('main iframe.info-venue-map')).toHaveAttribute(
        'src',
        `https://www.google.com/maps?q=${encodeURIComponent('Palais des congrès Bab Ighli, Boulevard Mohammed VI, 40000 Marrakech')}&output=embed`,
      );

      await page.goto('/infos-contact');
      const exhibitors = page.locator('.contact-card').filter({ hasText: 'Exposants' });
      await expect(exhibitors.locator('a[href="tel:+212524434343"]')).toHaveText('+212 5 24 43 43 43');

      // An edition not current yet is no public fact: the history lists it once it is (decision 044).
      await page.goto('/historique');
      await expect(page.getByRole('row', { name: /6e édition/ })).toContainText('Marrakech');
      await expect(page.getByRole('row', { name: /7e édition/ })).toHaveCount(0);

      const home = await page.goto('/');
      // The page's policy lets it frame the tour the organiser set.
      expect(home!.headers()['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/kuula\.co/);
      await expect(page.locator('.tour iframe')).toHaveAttribute('src', TOUR);
    } finally {
      await restore();
      if (editionId) {
        const headers = await organiserHeaders(page);
        expect((await page.request.delete(`/backend/api/admin/editions/${editionId}`, { headers })).status()).toBe(200);
      }
    }
  });

  test('without a tour the home page has no frame, and its policy frames the map only', async ({ page }) => {
    await adminLogin(page);
    const restore = await keepSettings(page);
    try {
      const headers = await organiserHeaders(page);
      const cleared = await page.request.put('/backend/api/admin/site-settings/1', {
        headers,
        data: { virtualTourUrl: '' },
      });
      expect(cleared.status()).toBe(200);
      const home = await page.goto('/');
      expect(/frame-src ([^;]*)/.exec(home!.headers()['content-security-policy']!)![1]!.trim()).toBe(
        'https://www.google.com',
      );
      await expect(page.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
      await expect(page.locator('.tour')).toHaveCount(0);
      await expect(page.locator('iframe')).toHaveCount(0);
    } finally {
      await restore();
    }
  });

  test('the form refuses a tour that is not https and a phone with letters, with the field’s message, and saves nothing', async ({
    page,
  }) => {
    await adminLogin(page);
    await page.goto('/admin/site-settings');
    const tour = page.getByLabel('Adresse de la visite virtuelle 3D');
    await expect(tour).toHaveValue(/^https:\/\//);
    await tour.fill('http://tour.example.org/salon');
    await page.getByLabel('Presse : téléphone').fill('appelez-nous');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Adresse https://… attendue.')).toBeVisible();
    await expect(page.getByText('Numéro de téléphone : chiffres, espaces et + ( ) . - seulement')).toBeVisible();
    const headers = await organiserHeaders(page);
    const saved = (await (await page.request.get('/backend/api/admin/site-settings/1', { headers })).json()) as {
      virtualTourUrl: string;
    };
    expect(saved.virtualTourUrl).toMatch(/^https:\/\/my\.matterport\.com\//);
  });

  test('an organiser prepares the next edition from 2024, makes it current after a confirmation, the site follows it, and 2024 comes back the same way', async ({
    page,
  }) => {
    test.slow();
    await adminLogin(page);
    const headers = await organiserHeaders(page);
    // 'Préparer l'édition suivante' from 2024: its halls and stands carried over.
    await page.goto('/admin/editions/7');
    await page.getByRole('button', { name: 'Préparer l’édition suivante' }).click();
    const form = page.getByRole('dialog', { name: 'Préparer la 7e édition' });
    await expect(form.getByLabel('Nom')).toHaveValue('7e édition du Salon');
    await form.getByLabel('Nom').fill('Édition de démonstration 2031');
    await form.getByLabel('Début').fill('2031-05-28');
    await form.getByLabel('Fin').fill('2031-05-25');
    await form.getByLabel('Ville').fill('Agadir');
    await form.getByRole('button', { name: 'Préparer' }).click();
    await expect(form.getByText('La fin ne peut pas précéder le début.')).toBeVisible();
    await form.getByLabel('Fin').fill('2031-05-31');
    await form.getByRole('button', { name: 'Préparer' }).click();
    await expect(page.getByText('« Édition de démonstration 2031 » est préparée')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/editions\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).not.toBe(7);
    const makeCurrent = async (name: string) => {
      await page.getByRole('button', { name: 'Rendre courante' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`« ${name} » devient l’édition en cours`);
      await dialog.getByRole('button', { name: 'Confirmer' }).click();
      await expect(page.getByText(`« ${name} » est l’édition en cours.`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Rendre courante' })).toHaveCount(0);
    };
    try {
      await makeCurrent('Édition de démonstration 2031');
      await page.goto('/historique');
      await expect(page.getByRole('row', { name: /Du 28 au 31 mai 2031/ })).toHaveClass(/info-current/);
      await expect(page.locator('.info-editions .info-current')).toHaveCount(1);

      // The site's texts, menus and pages follow the current edition, in French and English.
      await page.goto('/');
      const brand = page.locator('header.site-header .brand');
      await expect(brand).toContainText('Du 28 au 31 mai 2031 — Agadir');
      await expect(page).toHaveTitle('Salon International du Bâtiment 2031 — Agadir');
      await expect(page.locator('header.site-header a[href="/plan-2031"]')).toHaveCount(1);
      await expect(page.locator('header.site-header a[href="/programme-2031"]')).toHaveCount(1);
      expect(await page.locator('body').innerText()).not.toMatch(/2024|Marrakech/);
      await page.goto('/?lang=en');
      await expect(brand).toContainText('28 to 31 May 2031 — Agadir');
      await page.goto('/plan-2031?lang=fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan 2031');
      // The halls came over with their stands; the hours follow the new dates.
      await expect(page.getByRole('link', { name: /^Hall A/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ouvrir dans le navigateur' })).toHaveAttribute(
        'href',
        '/assets/files/plan-2031.pdf',
      );
      await page.goto('/infos-horaire');
      await expect(page.getByRole('row', { name: 'Mercredi 28 mai 2031 9h00-19h00' })).toBeVisible();
      await expect(page.getByRole('row', { name: 'Samedi 31 mai 2031 9h00-18h00' })).toBeVisible();
      // Last edition's plan stays where it was, with its own halls and title.
      await page.goto('/plan-2024');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plan 2024');
      await expect(page.getByRole('link', { name: /^Hall A/ })).toBeVisible();
      expect((await page.request.get('/plan-2099')).status()).toBe(404);
      expect((await page.request.get('/programme-2099')).status()).toBe(404);

      await page.goto('/admin/editions/7');
      await makeCurrent('6e édition du Salon');
      await page.goto('/historique');
      await expect(page.getByRole('row', { name: /Du 29 mai au 1er juin 2024/ })).toHaveClass(/info-current/);
    } finally {
      // Whatever happened above: 2024 current again, the test's edition gone.
      expect((await page.request.post('/backend/api/admin/editions/7/make-current', { headers })).status()).toBe(200);
      expect((await page.request.delete(`/backend/api/admin/editions/${id}`, { headers })).status()).toBe(200);
    }
  });

  test('an organiser closes the last show day at 17:00 in the edition’s form, and the hours page says so; closing before opening is refused', async ({
    page,
  }) => {
    await adminLogin(page);
    const headers = await organiserHeaders(page);
    const saved = (await (await page.request.get('/backend/api/admin/editions/7', { headers })).json()) as object;
    try {
      await page.goto('/admin/editions/7');
      const hours = page.getByRole('region', { name: 'Horaires d’ouverture' });
      await expect(hours.getByRole('group')).toHaveCount(4);
      const lastDay = hours.getByRole('group', { name: '01/06/2024' });
      await expect(lastDay).toContainText('01/06/2024');
      await expect(lastDay.getByLabel('Ouverture')).toHaveValue('09:00');
      await expect(lastDay.getByLabel('Fermeture')).toHaveValue('18:00');
      await lastDay.getByLabel('Fermeture').fill('08:00');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(lastDay.getByText('La clôture vient après l’ouverture.')).toBeVisible();
      await lastDay.getByLabel('Fermeture').fill('17:00');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Élément mis à jour')).toBeVisible();

      await page.goto('/infos-horaire');
      await expect(page.getByRole('row', { name: 'Samedi 1er juin 2024 9h00-17h00' })).toBeVisible();
      await expect(page.getByRole('row', { name: 'Mercredi 29 mai 2024 9h00-19h00' })).toBeVisible();
    } finally {
      const back = await page.request.put('/backend/api/admin/editions/7', { headers, data: saved });
      expect(back.status()).toBe(200);
    }
  });

  test('an organiser previews the site of an edition not current yet, page after page, and leaves the preview; visitors never see it', async ({
    page,
    browser,
  }) => {
    await adminLogin(page);
    const headers = await organiserHeaders(page);
    const created = await page.request.post('/backend/api/admin/editions', {
      headers,
      data: {
        edition: 61,
        name: 'Édition en préparation',
        startsOn: '2032-06-02',
        endsOn: '2032-06-04',
        city: 'Essaouira',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    try {
      await page.goto(`/admin/editions/${id}`);
      const opened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Aperçu du site' }).click();
      const preview = await opened;
      const banner = preview.getByRole('status').filter({ hasText: 'Aperçu réservé aux organisateurs' });
      await expect(banner).toContainText('« Édition en préparation »');
      // The token went into a cookie: the address the organiser might copy is the plain page's.
      expect(new URL(preview.url()).search).toBe('');
      const page1 = await preview.request.get('/');
      expect(page1.headers()['cache-control']).toBe('private, no-store');
      expect(page1.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(preview.locator('header.site-header .brand')).toContainText('Du 2 au 4 juin 2032 — Essaouira');
      // From page to page (a cookie keeps it).
      await preview.goto('/infos-pratiques');
      await expect(banner).toBeVisible();
      await expect(preview.getByRole('main')).toContainText('Le salon se tient à Essaouira, du 2 au 4 juin 2032.');
      // Its own opening hours, made for its dates.
      await expect(preview.getByRole('row', { name: 'Mercredi 2 juin 2032 9h00-18h00' })).toBeVisible();
      // Its directory: its own exhibitors, none confirmed yet (2024's are not its).
      await preview.goto('/annuaire');
      await expect(banner).toBeVisible();
      await expect(preview.getByRole('status').filter({ hasText: 'exposant' })).toHaveText('0 exposant');
      // A visitor, meanwhile, sees the current edition.
      const visitor = await browser.newPage();
      await visitor.goto('/');
      await expect(visitor.locator('header.site-header .brand')).toContainText('Du 29 mai au 1er juin 2024');
      await expect(visitor.getByText('Aperçu réservé aux organisateurs')).toHaveCount(0);
      await visitor.goto('/annuaire');
      await expect(visitor.getByRole('status').filter({ hasText: 'exposant' })).not.toHaveText('0 exposant');
      await visitor.close();
      await preview.getByRole('link', { name: 'Quitter l’aperçu' }).click();
      await expect(preview.locator('header.site-header .brand')).toContainText('Du 29 mai au 1er juin 2024');
      await expect(preview.getByText('Aperçu réservé aux organisateurs')).toHaveCount(0);
      await preview.close();
    } finally {
      expect((await page.request.delete(`/backend/api/admin/editions/${id}`, { headers })).status()).toBe(200);
    }
  });

  test('once the show is over and its registration closed, the home page thanks its visitors with its figures and offers the newsletter, and takes no registration', async ({
    page,
  }) => {
    await adminLogin(page);
    const headers = await organiserHeaders(page);
    const edition = (await (await page.request.get('/backend/api/admin/editions/7', { headers })).json()) as Record<
      string,
      unknown
    >;
    const setClosing = async (registrationClosesAt: string | null) =>
      expect(
        (
          await page.request.put('/backend/api/admin/editions/7', {
            headers,
            data: { ...edition, registrationClosesAt },
          })
        ).status(),
      ).toBe(200);
    try {
      // As it stands on today's clock, without the organiser's closing date: over.
      await setClosing(null);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Merci de votre visite !' })).toBeVisible();
      await expect(
        page.getByText(
          'La 6e édition du Salon International du Bâtiment s’est tenue du 29 mai au 1er juin 2024 à Marrakech.',
        ),
      ).toBeVisible();
      await expect(page.getByText('300 exposants et 60 000 visiteurs s’y sont retrouvés.')).toBeVisible();
      // The thanks come first, just under the hero, and no banner calls for a badge any more.
      const thanks = (await page.getByRole('heading', { name: 'Merci de votre visite !' }).boundingBox())!;
      const hero = (await page.locator('.hero').boundingBox())!;
      expect(thanks.y - (hero.y + hero.height)).toBeLessThan(200);
      await expect(page.getByTestId('banner-Bas')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'inscrivez-vous à la newsletter.' })).toHaveAttribute(
        'href',
        '#newsletter',
      );
      await expect(page.getByRole('button', { name: 'Obtenir mon badge' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Obtenir mon badge' })).toHaveCount(0);
      await page.goto('/?lang=en');
      await expect(page.getByRole('heading', { name: 'Thank you for coming!' })).toBeVisible();
      await page.goto('/?lang=fr');
      const refused = await page.request.post('/backend/api/visiteurs/putVisitor', {
        headers: { [XSRF_HEADER]: headers[XSRF_HEADER]! },
        data: { data: { name: 'Tard Venu', email: 'tard@example.com', phone: '0600009999' } },
      });
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        'Les inscriptions en ligne à cette édition sont closes.',
      );
    } finally {
      await setClosing('2100-01-01T00:00:00.000Z');
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Merci de votre visite !' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Obtenir mon badge' }).first()).toBeVisible();
    await expect(page.getByTestId('banner-Bas')).toBeAttached();
  });
});
