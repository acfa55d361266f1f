/**
 * The information pages show the specification's facts in the server's HTML: these checks run
 * with JavaScript off, in French and in English (?lang=en); then their calls to action, on every
 * screen size (the contact form's tests: contact-form.spec.ts).
 *
 * One file on purpose, over 400 lines: half of it is one table, CASES, every information page
 * with its heading and facts in both languages, and the checks with JavaScript off, the calls to
 * action (no page may lead to /bientot-disponible) and the 360 px screen all walk that table.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { sharedReadingPage, waitForHydration } from './fixtures';

type Lang = 'fr' | 'en';
interface InfoPageCase {
  path: string;
  h1: Record<Lang, string>;
  facts: Record<Lang, string[]>;
  /** Further checks on the page. */
  check?: (page: Page, lang: Lang) => Promise<void>;
}

const THEME = { fr: 'Construire le Maroc de demain : Horizon 2030', en: "Building tomorrow's Morocco: Horizon 2030" };

/** The opening hours of section 9, with the real dates (not the stale December ones). */
const HOURS: Record<Lang, [string, string][]> = {
  fr: [
    ['29 mai 2024', '9h00-19h00'],
    ['30 mai 2024', '9h00-19h00'],
    ['31 mai 2024', '9h00-19h30'],
    ['1er juin 2024', '9h00-18h00'],
  ],
  en: [
    ['29 May 2024', '9:00–19:00'],
    ['30 May 2024', '9:00–19:00'],
    ['31 May 2024', '9:00–19:30'],
    ['1 June 2024', '9:00–18:00'],
  ],
};

async function expectOpeningHours(page: Page, lang: Lang): Promise<void> {
  const table = page.locator('table.info-hours');
  await expect(table.locator('caption')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(4);
  for (const [day, hours] of HOURS[lang]) {
    await expect(table.locator('tbody tr', { hasText: day })).toContainText(hours);
  }
  await expect(page.locator('main')).not.toContainText(lang === 'fr' ? 'décembre' : 'December');
}

const ENTRY = {
  fr: ['gratuite', 'e-badge', 'invitation', 'carte de visite professionnelle'],
  en: ['free', 'e-badge', 'invitation', 'professional business card'],
};
const ACCESS = {
  fr: [
    '30 %',
    'transporteur ferroviaire national',
    '50 minutes',
    'Casablanca',
    'navettes gratuites',
    'En avion',
    'Hébergement',
  ],
  en: ['30%', 'national railway operator', '50-minute', 'Casablanca', 'Free shuttles', 'By plane', 'Accommodation'],
};
const COMING_SOON = { h1: { fr: 'Bientôt disponible', en: 'Coming soon' }, facts: { fr: [], en: [] } };

/** A page of something the site does never says it is still to come, nor asks not to be indexed. */
async function expectNotComingSoon(page: Page, lang: Lang): Promise<void> {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(lang === 'fr' ? /bientôt/i : /coming soon|available soon/i);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toMatch(/bientôt|soon/i);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
}

const CASES: InfoPageCase[] = [
  {
    path: '/historique',
    h1: { fr: 'Editions depuis 2003', en: 'Editions since 2003' },
    facts: {
      fr: [
        '1re édition',
        '6e édition',
        'Du 29 mai au 1er juin 2024',
        THEME.fr,
        '25 000',
        '50 000',
        '60 000',
        '39 000',
        'fondé en 2003 par la fédération nationale du bâtiment',
        'association d’importateurs',
        'deux ministères',
        'agence événementielle, organisateur délégué',
      ],
      en: [
        '1st edition',
        '6th edition',
        '29 May to 1 June 2024',
        '25,000',
        '50,000',
        '60,000',
        '39,000',
        'founded in 2003 by the national building federation',
        "importers' association",
        'two ministries',
        'delegated organiser',
      ],
    },
    check: async (page, lang) => {
      const table = page.locator('table.info-editions');
      await expect(table.locator('caption')).toBeVisible();
      await expect(table.locator('thead th')).toHaveCount(7);
      const rows = table.locator('tbody tr');
      await expect(rows).toHaveCount(6);
      const figures: [number, string, string, string][] = [
        [0, '2003', '', ''],
        [1, '2006', '200', lang === 'fr' ? '25 000' : '25,000'],
        [2, '2008', '300', lang === 'fr' ? '50 000' : '50,000'],
        [3, '2010', '350', lang === 'fr' ? '60 000' : '60,000'],
        [4, '2017', '238', lang === 'fr' ? '39 000' : '39,000'],
        [5, '2024', '', ''],
      ];
      for (const [i, year, exhibitors, visitors] of figures) {
        const row = rows.nth(i);
        await expect(row).toContainText(year);
        // Columns: edition (row header), dates, city, theme, exhibitors, visitors, plan and programme.
        if (exhibitors) await expect(row.locator('td').nth(3)).toHaveText(exhibitors);
        if (visitors) await expect(row.locator('td').nth(4)).toHaveText(visitors);
      }
      // Themes come from the API, for each edition, in English where the organiser gave one.
      await expect(rows.nth(5)).toContainText(THEME[lang]);
      // The editions the site ran link their plan and programme, at their year.
      const links = rows.nth(5).locator('td').nth(5).getByRole('link');
      await expect(links).toHaveText(
        lang === 'fr' ? ['Plan 2024', 'Programme 2024'] : ['2024 floor plan', '2024 programme'],
      );
      expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
        '/plan-2024',
        '/programme-2024',
      ]);
      await expect(rows.nth(4).getByRole('link')).toHaveCount(0);
    },
  },
  {
    path: '/forum',
    h1: { fr: 'Le Forum', en: 'The Forum' },
    facts: {
      // The formats as the programme holds them (the specification's section 2).
      fr: [
        THEME.fr,
        'Des conférences thématiques du 29 au 31 mai',
        'Une session de l’académie de formation le 31 mai, de 10h00 à 12h00.',
        'Deux sessions sponsors le 1er juin, de 10h00 à 12h00 et de 14h00 à 16h30.',
      ],
      en: [
        THEME.en,
        'Themed conferences from 29 to 31 May',
        'A training-academy session on 31 May, from 10:00 to 12:00.',
        'Two sponsor sessions on 1 June, from 10:00 to 12:00 and from 14:00 to 16:30.',
      ],
    },
    check: async (page, lang) => {
      const button = page.getByRole('link', {
        name: lang === 'fr' ? 'Voir le programme du forum' : 'See the forum programme',
      });
      await expect(button).toHaveAttribute('href', '/programme-du-forum');
    },
  },
  {
    path: '/secteurs-activites',
    h1: { fr: 'Secteurs d’activités', en: 'Sectors' },
    facts: {
      fr: ['Institutionnels', 'Donneurs d’ordre', 'Second œuvre', 'Laboratoires et bureaux d’études'],
      en: ['Institutions', 'Contracting authorities', 'Finishing works', 'Laboratories and design offices'],
    },
    check: async (page) => {
      const sectors = page.locator('.info-sectors > li');
      await expect(sectors).toHaveCount(18);
      await expect(sectors.locator('h2')).toHaveCount(18);
      // Each with its description, from the API.
      await expect(sectors.locator('p')).toHaveCount(18);
    },
  },
  {
    path: '/salon',
    h1: { fr: 'Le Salon', en: 'The Show' },
    facts: {
      fr: ['6e édition', 'Du 29 mai au 1er juin 2024', 'Marrakech', THEME.fr, '+300', '60 000', '20 000 m²'],
      en: ['6th edition', 'From 29 May to 1 June 2024', 'Marrakech', THEME.en, '+300', '60,000', '20,000 m²'],
    },
  },
  {
    path: '/bientot-disponible',
    ...COMING_SOON,
    check: async (page) => {
      // Nothing on it yet: kept out of search engines.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    },
  },
  {
    path: '/exposer',
    h1: { fr: 'Exposer', en: 'Exhibit' },
    facts: {
      // The demo sells its stands: the plan, the prices, and the enquiry for those who would rather talk first.
      fr: ['le prix s’affiche aussitôt', 'Tarifs et conditions', 'exposants@example.com'],
      en: ['the price shows at once', 'Prices and terms', 'exposants@example.com'],
    },
    check: async (page, lang) => {
      const name = lang === 'fr' ? 'Faire ma demande d’exposant' : 'Send my exhibitor request';
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', '/#demande-exposant');
      await expectNotComingSoon(page, lang);
    },
  },
  {
    path: '/demander-votre-badge',
    h1: { fr: 'Demander votre badge', en: 'Request your badge' },
    facts: {
      fr: ['carte de visite professionnelle', 'Inscrivez-vous en ligne', 'téléchargeable dès votre inscription'],
      en: ['professional business card', 'Register online', 'downloaded as soon as you register'],
    },
    check: async (page, lang) => {
      const name = lang === 'fr' ? 'Obtenir mon badge' : 'Get my badge';
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', '/#inscription-visiteur');
      await expectNotComingSoon(page, lang);
    },
  },
  {
    path: '/assister-au-forum',
    h1: { fr: 'Assister au Forum', en: 'Attend the Forum' },
    facts: {
      fr: ['Choisissez une conférence dans le programme et inscrivez-vous en ligne depuis sa page.'],
      en: ['Choose a conference in the programme and register online from its page.'],
    },
    check: async (page, lang) => {
      const name = lang === 'fr' ? 'Voir le programme et s’inscrire' : 'See the programme and register';
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', '/programme-du-forum');
      await expectNotComingSoon(page, lang);
    },
  },
  {
    path: '/biographie-des-intervenants',
    h1: { fr: 'Biographie des intervenants', en: 'Speaker biographies' },
    facts: { fr: ['publiées prochainement'], en: ['published soon'] },
  },
  {
    path: '/pourquoi-exposer',
    h1: { fr: 'Pourquoi exposer ?', en: 'Why exhibit?' },
    facts: {
      fr: ['+300', 'exposants', '+100 000', 'visiteurs', '10 000 m²', '42', 'pays', 'exposants@example.com'],
      en: ['+300', 'exhibitors', '+100,000', 'visitors', '10,000 m²', '42', 'countries', 'exposants@example.com'],
    },
    check: async (page) => {
      await expect(page.locator('.info-figures li', { hasText: '42' })).toBeVisible();
      await expect(page.locator('ol.info-items > li')).toHaveCount(5);
      // The sector carousel.
      await expect(page.locator('.info-strip-list > li a')).toHaveCount(18);
    },
  },
  {
    path: '/pourquoi-sponsoriser',
    h1: { fr: 'Pourquoi sponsoriser ?', en: 'Why sponsor?' },
    facts: {
      fr: ['Contacter l’équipe commerciale', 'commercial@example.com', 'sessions sponsors'],
      en: ['Contact the sales team', 'commercial@example.com', 'sponsor sessions'],
    },
    check: async (page) => {
      await expect(page.locator('ol.info-items > li')).toHaveCount(5);
      await expect(page.locator('a[href="mailto:commercial@example.com"]').first()).toBeVisible();
    },
  },
  {
    path: '/intervenir-lors-du-forum',
    h1: { fr: 'Intervenir lors du Forum', en: 'Speak at the Forum' },
    facts: {
      fr: ['Les avantages pour les intervenants', 'forum@example.com', '+212 5 00 00 00 04'],
      en: ['Benefits for speakers', 'forum@example.com', '+212 5 00 00 00 04'],
    },
    check: async (page) => {
      await expect(page.locator('ol.info-items > li')).toHaveCount(5);
      // The forum team's e-mail and phone, as the demo's settings give them (back-office).
      await expect(page.locator('a[href="mailto:forum@example.com"]').first()).toBeVisible();
      await expect(page.locator('a[href="tel:+212500000004"]')).toBeVisible();
    },
  },
  {
    path: '/editorial',
    h1: { fr: 'Éditorial', en: 'Editorial' },
    facts: {
      fr: [THEME.fr, 'Le Commissaire général du Salon International du Bâtiment'],
      en: [THEME.en, 'The General Commissioner of the International Building Show'],
    },
  },
  {
    path: '/structure-et-organisation',
    h1: { fr: 'Structure et organisation', en: 'Structure and organisation' },
    facts: {
      fr: [
        'networking',
        'formation',
        'Plateau TV',
        'presse et médias',
        'plus de 10 000 m²',
        'Espace femmes',
        'Une dizaine de startups',
        'Services aux visiteurs et aux exposants',
        'Conférences',
        'recrutement',
        'démonstrations',
      ],
      en: [
        'Networking',
        'Training',
        'TV studio',
        'Press and media',
        'over 10,000 m²',
        "Women's area",
        'About ten start-ups',
        'Visitor and exhibitor services',
        'Conferences',
        'Recruitment',
        'demonstrations',
      ],
    },
    check: async (page) => {
      await expect(page.locator('.info-items > li h3')).toHaveCount(11);
    },
  },
  {
    path: '/infos-pratiques',
    h1: { fr: 'Infos pratiques', en: 'Practical information' },
    facts: {
      fr: ['Marrakech, du 29 mai au 1er juin 2024', ...ENTRY.fr, ...ACCESS.fr],
      en: ['Marrakech from 29 May to 1 June 2024', ...ENTRY.en, ...ACCESS.en],
    },
    check: expectOpeningHours,
  },
  {
    path: '/infos-horaire',
    h1: { fr: 'Dates et horaires', en: 'Dates and hours' },
    facts: { fr: ['du 29 mai au 1er juin 2024', ...ENTRY.fr], en: ['from 29 May to 1 June 2024', ...ENTRY.en] },
    check: expectOpeningHours,
  },
  {
    path: '/infos-lieu',
    h1: { fr: 'Lieu', en: 'Venue' },
    facts: { fr: ['Marrakech, du 29 mai au 1er juin 2024.'], en: ['Marrakech, 29 May to 1 June 2024.'] },
  },
  {
    path: '/infos-acces-au-salon',
    h1: { fr: 'Accès au salon', en: 'Getting there' },
    facts: {
      fr: [...ACCESS.fr, 'points de prise en charge seront confirmés', ...ENTRY.fr],
      en: [...ACCESS.en, 'Pick-up points will be confirmed', ...ENTRY.en],
    },
  },
  {
    path: '/infos-contact',
    h1: { fr: 'Contact', en: 'Contact' },
    facts: {
      fr: ['contact@example.com', 'exposants@example.com', 'commercial@example.com', 'presse@example.com'],
      en: ['contact@example.com', 'exposants@example.com', 'commercial@example.com', 'presse@example.com'],
    },
    check: async (page, lang) => {
      await expect(page.locator('.contact-cards > li')).toHaveCount(4);
      const map = page.locator('.contact-map iframe');
      // A map of the venue the demo's settings give (back-office), made from its name and address.
      await expect(map).toHaveAttribute(
        'src',
        /^https:\/\/www\.google\.com\/maps\?q=Parc%20des%20expositions.*&output=embed$/,
      );
      await expect(map).toHaveAttribute('title', /lieu du salon|show's venue/);
      await expect(map).toHaveAttribute('loading', 'lazy');
      await expect(page.locator('.contact-map a[href^="https://www.google.com/maps"]')).toBeVisible();
      // The form is there without scripts, but sends only once they run.
      await expect(page.getByLabel(lang === 'fr' ? 'Nom & Prénom' : 'Full name')).toBeVisible();
      await expect(page.getByRole('button', { name: lang === 'fr' ? 'Envoyer' : 'Send' })).toBeDisabled();
    },
  },
  {
    path: '/not-found',
    h1: { fr: 'Page introuvable', en: 'Page not found' },
    facts: { fr: ['Cette page n’existe pas.'], en: ['This page does not exist.'] },
  },
];

/** The information pages that carry the 'Exposer' call to action. */
const WITHOUT_CTA = [
  '/not-found',
  '/biographie-des-intervenants',
  '/bientot-disponible',
  '/exposer',
  '/demander-votre-badge',
  '/assister-au-forum',
];

test.describe('Information pages, server-rendered, with JavaScript off', () => {
  const reader = sharedReadingPage({ javaScriptEnabled: false });

  for (const lang of ['fr', 'en'] as const) {
    for (const c of CASES) {
      test(`${c.path} (${lang}) shows its heading and the specification's facts`, async () => {
        const page = reader();
        const response = await page.goto(lang === 'en' ? `${c.path}?lang=en` : c.path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.h1[lang]);
        const main = page.locator('main');
        for (const fact of c.facts[lang]) await expect(main, fact).toContainText(fact);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0).toBeGreaterThan(40);
        const exhibit = main.getByRole('link', { name: lang === 'fr' ? 'Exposer' : 'Exhibit', exact: true });
        if (WITHOUT_CTA.includes(c.path)) await expect(exhibit).toHaveCount(0);
        // 'Exposer' opens the exhibitor enquiry form on the home page.
        else await expect(exhibit).toHaveAttribute('href', '/#demande-exposant');
        await c.check?.(page, lang);
      });
    }
  }
});

/**
 * The home page form `id` is where the visitor landed: its heading on the screen below the
 * sticky header, and the keyboard in its card (as after following an in-page link).
 */
async function expectFormInView(page: Page, id: string, heading: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/#${id}$`));
  const card = page.locator(`#${id}`);
  const title = card.getByRole('heading', { level: 2, name: heading });
  await expect(title).toBeInViewport();
  await expect(card).toBeFocused();
  await expect
    .poll(async () => {
      const header = await page.locator('header.site-header').boundingBox();
      const box = await title.boundingBox();
      return !!header && !!box && box.y >= header.y + header.height;
    }, `"${heading}" below the sticky header`)
    .toBe(true);
  // Its code is there: the form answers.
  await expect(card.locator('button[type=submit]')).toBeEnabled();
}

const ENQUIRY = { id: 'demande-exposant', fr: 'Devenir exposant', en: 'Become an exhibitor' };
const VISITOR = { id: 'inscription-visiteur', fr: 'Inscription visiteur', en: 'Visitor registration' };

test.describe('The home page', () => {
  test('the hero names the edition as French writes it, not upper-cased into “6E”', async ({ page }) => {
    await page.goto('/');
    // As the screen shows it (innerText applies the style's text-transform).
    await expect(page.locator('.hero-edition')).toHaveText('6e édition', { useInnerText: true });
    await page.goto('/?lang=en');
    await expect(page.locator('.hero-edition')).toHaveText('6th edition', { useInnerText: true });
  });
});

test.describe('Calls to action lead to the forms that work', () => {
  for (const lang of ['fr', 'en'] as const) {
    test(`'Exposer' on an information page opens the exhibitor enquiry form (${lang})`, async ({ page }) => {
      await page.goto(lang === 'en' ? '/pourquoi-exposer?lang=en' : '/pourquoi-exposer');
      await waitForHydration(page);
      await page
        .locator('main')
        .getByRole('link', { name: lang === 'fr' ? 'Exposer' : 'Exhibit', exact: true })
        .click();
      await expectFormInView(page, ENQUIRY.id, ENQUIRY[lang]);
    });
  }

  test("the hero's buttons open the visitor registration and the exhibitor enquiry", async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const hero = page.locator('.hero');
    await hero.getByRole('link', { name: 'Obtenir mon badge' }).click();
    await expectFormInView(page, VISITOR.id, VISITOR.fr);
    await page.evaluate(() => window.scrollTo(0, 0));
    await hero.getByRole('link', { name: 'Exposer', exact: true }).click();
    await expectFormInView(page, ENQUIRY.id, ENQUIRY.fr);
  });

  test('an address ending in #demande-exposant, opened from elsewhere, shows the form', async ({ page }) => {
    await page.goto('/#demande-exposant');
    await waitForHydration(page);
    await expectFormInView(page, ENQUIRY.id, ENQUIRY.fr);
  });

  test('the pages /exposer and /demander-votre-badge lead to their forms, in French and English', async ({ page }) => {
    await page.goto('/exposer');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Faire ma demande d’exposant' }).click();
    await expectFormInView(page, ENQUIRY.id, ENQUIRY.fr);

    await page.goto('/demander-votre-badge?lang=en');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Get my badge' }).click();
    await expectFormInView(page, VISITOR.id, VISITOR.en);
  });

  test('/assister-au-forum leads to the programme, where a conference leads to its registration form', async ({
    page,
  }) => {
    await page.goto('/assister-au-forum');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Voir le programme et s’inscrire' }).click();
    await expect(page).toHaveURL(/\/programme-du-forum$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programme du Forum');
    await page.getByRole('link', { name: /S’inscrire à cette conférence — N°1$/ }).click();
    await expect(page).toHaveURL(/\/conference\/\d+$/);
    await expect(page.getByRole('heading', { name: 'S’inscrire à cette conférence' })).toBeVisible();
    await expect(page.getByLabel('Nom & Prénom')).toBeVisible();
  });

  test('no page of the site links to /bientot-disponible; the menus have no "Bientôt disponible" entry', async ({
    page,
  }) => {
    for (const [path, comingSoon] of [
      ['/', 'Bientôt disponible'],
      ['/?lang=en', 'Coming soon'],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: path === '/' ? 'Navigation principale' : 'Main navigation' });
      const en = path !== '/';
      // The menus' entries are in the page even while their group is closed.
      const entry = (text: string) => nav.locator('a', { hasText: text });
      await expect(entry(en ? 'Become an exhibitor' : 'Devenir exposant')).toHaveAttribute(
        'href',
        '/#demande-exposant',
      );
      await expect(entry(en ? 'Request your badge' : 'Demander votre badge')).toHaveAttribute(
        'href',
        '/#inscription-visiteur',
      );
      await expect(entry(comingSoon)).toHaveCount(0);
      await expect(nav.locator('a[href^="/bientot-disponible"]')).toHaveCount(0);
    }
    for (const c of CASES) {
      await page.goto(c.path);
      // (The page's own 'FR'/'EN' links, hreflang, lead to itself in the other language.)
      await expect(page.locator('a[href^="/bientot-disponible"]:not([hreflang])'), c.path).toHaveCount(0);
    }
  });
});

test.describe('Calls to action on a phone', () => {
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test("the menu's 'Devenir exposant' closes the menu and shows the form below the sticky header", async ({ page }) => {
    await page.goto('/infos-pratiques');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.locator('summary', { hasText: 'Menu' }).click();
    await nav
      .locator('summary')
      .filter({ hasText: /^Exposer$/ })
      .click();
    await nav.getByRole('link', { name: 'Devenir exposant' }).click();
    await expectFormInView(page, ENQUIRY.id, ENQUIRY.fr);
    await expect(nav.getByRole('link', { name: 'Devenir exposant' })).toBeHidden();

    // From the home page itself, where the forms are already there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await nav.locator('summary', { hasText: 'Menu' }).click();
    await nav
      .locator('summary')
      .filter({ hasText: /^Exposer$/ })
      .click();
    await nav.getByRole('link', { name: 'Demander votre badge' }).click();
    await expectFormInView(page, VISITOR.id, VISITOR.fr);
  });

  test("an information page's 'Exposer' button shows the form below the sticky header", async ({ page }) => {
    await page.goto('/historique');
    await waitForHydration(page);
    await page.locator('main').getByRole('link', { name: 'Exposer', exact: true }).click();
    await expectFormInView(page, ENQUIRY.id, ENQUIRY.fr);
  });
});

test.describe('Calls to action on a 320 px screen', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the header takes three lines there, and the forms still show below it', async ({ page }) => {
    await page.goto('/secteurs-activites');
    await waitForHydration(page);
    expect(await page.locator('header.site-header').evaluate((h: HTMLElement) => h.offsetHeight)).toBeGreaterThan(120);
    await page.locator('main').getByRole('link', { name: 'Exposer', exact: true }).click();
    await expectFormInView(page, ENQUIRY.id, ENQUIRY.fr);

    await page.goto('/demander-votre-badge');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Obtenir mon badge' }).click();
    await expectFormInView(page, VISITOR.id, VISITOR.fr);
  });
});

test.describe('Information pages on a small screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no page scrolls sideways at 360 px', async ({ page }) => {
    for (const c of CASES) {
      await page.goto(c.path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, c.path).toBeLessThanOrEqual(0);
    }
  });
});
