import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { DEMO_COMPANY, texts, waitForHydration } from './fixtures';

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: body });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

test.describe('Home page', () => {
  test('shows the active top and bottom banners, the desktop file on a desktop screen', async ({ page }) => {
    await page.goto('/');
    const top = page.getByTestId('banner-Haut');
    await expect(top).toBeVisible();
    await expect(page.getByTestId('banner-Bas')).toBeAttached();
    const src = await top.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toContain('desktop');
  });

  test('holds the organisers, the presentation blocks, the virtual tour, the gallery, partners and testimonials', async ({
    page,
  }) => {
    const tourRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('matterport')) tourRequests.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Salon International du Bâtiment et son Forum');
    const organisers = page.locator('#main .organiser-logos');
    await expect(organisers.getByText('Organisateur : la fédération nationale du bâtiment')).toBeVisible();
    await expect(page.getByRole('link', { name: /En savoir plus — Le Salon/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /En savoir plus — Le Forum/ })).toBeVisible();
    // The tour loads when the visitor opens it, in a frame of the specification's height.
    const start = page.locator('.tour summary');
    await start.scrollIntoViewIfNeeded();
    await expect(start).toHaveText('Lancer la visite virtuelle 3D');
    expect(await start.evaluate((s) => s.getBoundingClientRect().height)).toBe(600);
    await page.waitForLoadState('load');
    expect(tourRequests).toEqual([]);
    await start.click();
    const tour = page.locator('.tour iframe');
    await expect(tour).toBeVisible();
    await expect(tour).toHaveAttribute('title', 'Visite virtuelle 3D du salon');
    expect(await tour.evaluate((f) => f.getBoundingClientRect().height)).toBe(600);
    await expect.poll(() => tourRequests.length).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Le salon en images' }).locator('img').first()).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Nos partenaires' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Partenaires presse' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ils en parlent' })).toBeVisible();
  });
});

test.describe('Exhibitor directory', () => {
  test('finds an exhibitor by company, keeps the search in the address, and shows hall, sector and stand', async ({
    page,
  }) => {
    await page.goto('/annuaire');
    await waitForHydration(page);
    await page.getByLabel('Rechercher un exposant').fill('  atlas béton  ');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/q=\+*atlas/);
    const cards = page.locator('.exhibitor-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(DEMO_COMPANY);
    await expect(cards.first()).toContainText('Hall A');
    await expect(cards.first()).toContainText('Gros Oeuvre');
  });

  test('finds the exhibitors of one hall, and only them', async ({ page }) => {
    await page.goto('/annuaire?hall=Hall%20B');
    const cards = page.locator('.exhibitor-card');
    expect(await cards.count()).toBeGreaterThan(5);
    for (const text of await cards.allInnerTexts()) expect(text).toContain('Hall B');
  });

  test('lists every confirmed exhibitor without a search, and says so when nothing matches', async ({ page }) => {
    await page.goto('/annuaire');
    await expect(page.locator('.exhibitor-card')).toHaveCount(50);
    await expect(page.getByText('50 exposants')).toBeVisible();
    await page.goto('/annuaire?q=zzzz-aucun');
    await expect(page.getByText('Aucun exposant ne correspond à votre recherche.')).toBeVisible();
  });

  test('answers a search the API refuses as the page with no entry and a 400, not a server error', async ({
    request,
  }) => {
    for (const query of [`q=${'a'.repeat(201)}`, 'page=99999999999']) {
      const res = await request.get(`/annuaire?${query}`);
      expect(res.status(), query).toBe(400);
      expect(await res.text()).toContain('Aucun exposant ne correspond à votre recherche.');
    }
  });

  test('shows the default logo when an exhibitor’s image cannot load', async ({ page }) => {
    await page.route('**/uploads/**', (route) => route.abort());
    await page.goto('/annuaire?q=Atlas');
    await expect(page.locator('.exhibitor-card img').first()).toHaveAttribute(
      'src',
      '/assets/images/logo-fallback.svg',
    );
  });
});

test.describe('Forum programme', () => {
  test('shows the ten sessions with the specification’s days and times', async ({ page }) => {
    await page.goto('/programme-du-forum');
    await expect(page.locator('.conference-card')).toHaveCount(10);
    for (const day of ['29 mai 2024', '30 mai 2024', '31 mai 2024', '1er juin 2024']) {
      await expect(page.getByRole('heading', { level: 2, name: day })).toBeVisible();
    }
    for (const slot of ['10h00 – 12h00', '15h00 – 16h30', '16h30 – 18h00', '15h00 – 17h30', '14h00 – 16h30']) {
      await expect(page.getByText(slot).first()).toBeVisible();
    }
  });

  test('the search filters the conferences and the theme field too', async ({ page }) => {
    await page.goto('/programme-du-forum');
    await waitForHydration(page);
    await page.getByLabel('Rechercher une conférence').fill('N°2');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(/q=N%C2%B02|q=N°2/);
    await expect(page.locator('.conference-card')).toHaveCount(2);
    await page.goto('/programme-du-forum?theme=zzzz-aucun');
    await expect(page.getByText('Aucune conférence ne correspond à votre recherche.')).toBeVisible();
  });

  test('a card opens the detail modal, which links to the conference page', async ({ page }) => {
    await page.goto('/programme-du-forum');
    await waitForHydration(page);
    await page.getByRole('link', { name: /Voir le détail — N°1$/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('10h00 – 12h00');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: /Voir le détail — N°1$/ }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'S’inscrire à cette conférence' }).click();
    await expect(page).toHaveURL(/\/conference\/\d+$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.conference-page .conference-number')).toHaveText('N°1');
  });
});

test.describe('Conference registration', () => {
  test('validates, confirms, and answers a second registration of the same person alike', async ({ page }) => {
    await page.goto('/programme-du-forum');
    await page.getByRole('link', { name: /S’inscrire à cette conférence — N°3$/ }).click();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'S’inscrire', exact: true }).click();
    await expect(page.getByText(texts.required).first()).toBeVisible();
    const email = `forum-${Date.now()}@example.com`;
    await page.getByLabel('Nom & Prénom').fill('Personne Forum');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Téléphone').fill('0600000999');
    await page.getByRole('button', { name: 'S’inscrire', exact: true }).click();
    await expect(page.getByText('Votre inscription à cette conférence est enregistrée.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByLabel('Nom & Prénom').fill('Personne Forum');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Téléphone').fill('0600000999');
    const [again] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/registrations')),
      page.getByRole('button', { name: 'S’inscrire', exact: true }).click(),
    ]);
    // The answer tells nobody who signed up: the same success, and the form emptied again.
    expect(again.status()).toBe(201);
    await expect(page.getByText('Votre inscription à cette conférence est enregistrée.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');
  });
});

test.describe('Downloads', () => {
  test('plan-2024 draws the plan and offers its PDF, which downloads', async ({ page }) => {
    await page.goto('/plan-2024');
    await expect(page.getByRole('group', { name: 'Plan du Hall A' })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Télécharger le plan' }).click();
    expect((await download).suggestedFilename()).toMatch(/plan.*\.pdf$/);
  });

  test('programme-2024 starts the programme’s download on load', async ({ page }) => {
    const download = page.waitForEvent('download');
    await page.goto('/programme-2024');
    expect((await download).suggestedFilename()).toMatch(/programme.*\.pdf$/);
  });

  test('each PDF is valid and holds its data: every session, every confirmed exhibitor, every stand', async ({
    request,
  }) => {
    const get = async (name: string) => {
      const res = await request.get(`/assets/files/${name}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('application/pdf');
      const body = await res.body();
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      return pdfText(body);
    };
    const programme = await get('programme-2024.pdf');
    for (const n of ['N°1', 'N°2.1', 'N°2.2', 'N°3', 'N°4', 'N°5.1', 'N°5.2']) expect(programme).toContain(n);
    const directory = (await (
      await request.get('/backend/api/registrations?filters[type]=exhibitor&pagination[pageSize]=100')
    ).json()) as { data: { booth: string; user: { company: string } }[] };
    expect(directory.data).toHaveLength(50);
    const catalogue = await get('catalogue-2024.pdf');
    const plan = await get('plan-2024.pdf');
    for (const entry of directory.data) {
      expect(catalogue).toContain(entry.user.company);
      expect(plan).toContain(entry.booth);
    }
  });

  test('telechargement offers the programme, the plan and the catalogue', async ({ page }) => {
    await page.goto('/telechargement');
    for (const name of ['Télécharger le programme', 'Télécharger le plan', 'Télécharger le catalogue']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
  });
});

test.describe('Search engines', () => {
  test('robots.txt and sitemap.xml are served, and each page has its title, description and Open Graph data', async ({
    page,
    request,
  }) => {
    expect((await request.get('/robots.txt')).status()).toBe(200);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/annuaire</loc>');
    await page.goto('/annuaire?lang=en');
    await expect(page).toHaveTitle('Exhibitor directory — SIB 2024');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Exhibitor directory — SIB 2024',
    );
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute('href', /\/annuaire\?lang=fr$/);
  });
});

test.describe('Server-rendered headings and facts, in both languages, without scripts', () => {
  // The facts in French, then in English when they differ (times: '10h00' / '10:00', sectors).
  const pages: [string, string, string, string[], string[]?][] = [
    // A testimonial's author is a name; who they are is in its role, in each language.
    [
      '/',
      'Salon International du Bâtiment et son Forum',
      'International Building Show and its Forum',
      ['Karim B.', 'Exposant, Hall B — fabricant de matériaux de construction'],
      ['Karim B.', 'Exhibitor, Hall B — building materials manufacturer'],
    ],
    // The sectors by their name in each language (the select and the cards).
    [
      '/annuaire',
      'Annuaire des exposants',
      'Exhibitor directory',
      [DEMO_COMPANY, 'Gros Oeuvre'],
      [DEMO_COMPANY, 'Structural work', 'Joinery &amp; closures'],
    ],
    [
      '/programme-du-forum',
      'Programme du Forum',
      'Forum programme',
      ['10h00 – 12h00', '14h00 – 16h30', 'N°5.2'],
      ['10:00 – 12:00', '14:00 – 16:30', 'N°5.2'],
    ],
    ['/conference', 'Conférence', 'Conference', []],
    ['/plan-2024', 'Plan 2024', '2024 floor plan', ['/assets/files/plan-2024.pdf']],
    ['/programme-2024', 'Programme 2024', '2024 programme', ['/assets/files/programme-2024.pdf']],
    ['/telechargement', 'Téléchargements', 'Downloads', ['/assets/files/catalogue-2024.pdf']],
  ];
  for (const [path, fr, en, facts, enFacts = facts] of pages) {
    test(`${path} arrives with its heading and facts in French and in English`, async ({ request }) => {
      for (const [query, heading, shown] of [
        ['', fr, facts],
        ['?lang=en', en, enFacts],
      ] as const) {
        const html = await (await request.get(`${path}${query}`)).text();
        expect(html).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
        for (const fact of shown) expect(html).toContain(fact);
      }
    });
  }
});
