import { expect, test, type Page } from '@playwright/test';
import {
  accounts,
  adminLogin,
  DEMO_COMPANY,
  login,
  organiserHeaders,
  storedSession,
  submitLogin,
  texts,
  waitForHydration,
} from './fixtures';
import { mailTo } from './support/mail';

/**
 * Exhibitors from one edition to the next, as the organiser and the demo
 * exhibitor live it: a new edition made current, 2024's exhibitors invited from the back-office,
 * the demo exhibitor confirming from the mailed link, confirmed by the organiser, signing in with
 * its 2024 account, taking its collaborators along and reading its 2024 scans under the switch.
 */

const API = '/backend/api';
/**
 * An edition far from the others' (site-settings.spec prepares 2031): number 40, held in 2040, or
 * the next free pair when a run before left one (its registrations keep it from being deleted).
 */
async function freeEdition(page: Page, headers: Record<string, string>) {
  const taken = (await (
    await page.request.get(`${API}/admin/editions?range=${encodeURIComponent('[0,499]')}`, { headers })
  ).json()) as { edition: number; year: number }[];
  let k = 0;
  while (taken.some((e) => e.edition === 40 + k || e.year === 2040 + k)) k++;
  const year = 2040 + k;
  return {
    edition: 40 + k,
    name: `Édition ${year}`,
    year,
    startsOn: `${year}-05-22`,
    endsOn: `${year}-05-25`,
    city: 'Marrakech',
  };
}

const areaMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu de l’espace exposant' });
async function openTab(page: Page, name: string) {
  await areaMenu(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The link of the newest mail to `to` that carries a participation invitation to `year`'s edition. */
async function participationLink(to: string, year: number): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mail = await mailTo(to);
      link = mail.includes(`mai ${year}`)
        ? (/https?:\/\/[^\s"<]+\/confirmer-participation\?token=[\w.-]+/.exec(mail)?.[0] ?? '')
        : '';
      return link !== '';
    })
    .toBe(true);
  const url = new URL(link);
  return url.pathname + url.search;
}

test('2024’s exhibitors are invited to the next edition; the demo exhibitor confirms from the mail, is confirmed, signs in with its 2024 account, takes its team along and reads its 2024 scans; the newsletter’s confirmed subscribers are invited once', async ({
  page,
  browser,
}) => {
  test.slow();
  await adminLogin(page);
  const headers = await organiserHeaders(page);
  const edition = await freeEdition(page, headers);
  const year = edition.year;
  const created = await page.request.post(`${API}/admin/editions`, { headers, data: edition });
  expect(created.status(), await created.text()).toBe(201);
  const editionId = ((await created.json()) as { id: number }).id;
  expect((await page.request.post(`${API}/admin/editions/${editionId}/make-current`, { headers })).status()).toBe(200);
  const exhibitor = await browser.newPage();
  try {
    // 'Inviter les exposants de 2024', on 2024's page: the dialog says how many, then sends.
    await page.goto('/admin/editions/7');
    await page.getByRole('button', { name: 'Inviter les exposants de 2024' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter les exposants de 2024' });
    await expect(dialog).toContainText(
      /\d+ exposants confirmés en 2024 recevront un e-mail pour confirmer leur participation/,
    );
    await dialog.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(page.getByText(/^\d+ invitations envoyées\.$/)).toBeVisible();

    // Before answering, the demo exhibitor's account does not open the new edition's area.
    await exhibitor.goto('/login');
    await submitLogin(exhibitor, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(exhibitor.getByText(texts.loginFailed)).toBeVisible();

    // The mailed link: its company's details, filled in; confirming records it.
    await exhibitor.goto(await participationLink(accounts.exhibitor.email, year));
    await waitForHydration(exhibitor);
    await expect(exhibitor.getByRole('heading', { level: 1 })).toHaveText('Confirmer votre participation');
    await expect(exhibitor.getByText(`Le salon ${year} se tient du 22 au 25 mai ${year} à Marrakech.`)).toBeVisible();
    await expect(exhibitor.getByLabel('Société')).toHaveValue(DEMO_COMPANY);
    await exhibitor.getByRole('button', { name: 'Confirmer ma participation' }).click();
    await expect(exhibitor.getByText(`Merci : votre participation au salon ${year} est enregistrée.`)).toBeVisible();
    await exhibitor.goto('/login');
    await submitLogin(exhibitor, accounts.exhibitor.email, accounts.exhibitor.password);
    await expect(exhibitor.getByText(texts.loginFailed)).toBeVisible();

    // The organiser confirms it in 'Exposants', where 2040's exhibitors are listed.
    await page.goto('/admin/exhibitors');
    await page.getByRole('cell', { name: DEMO_COMPANY }).click();
    await expect(page.getByText('À confirmer')).toBeVisible();
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Exposant confirmé : il en est informé par e-mail.')).toBeVisible();
    // The mail worker sends it within a moment: the newest mail to the exhibitor becomes it.
    await expect.poll(() => mailTo(accounts.exhibitor.email)).toContain('Se connecter : http');

    // The dashboard counts 2040's figures, and 2024's when picked.
    await page.goto('/admin');
    const visitors = page.getByTestId('figure-Visiteurs inscrits');
    await expect(visitors).toHaveText('0');
    await page.getByRole('combobox', { name: 'Édition' }).click();
    await page.getByRole('option', { name: /^2024 — / }).click();
    await expect(visitors).not.toHaveText('0');

    // Its 2024 account opens 2040's area, with an empty team and 2024's to take along.
    await login(exhibitor, accounts.exhibitor.email, accounts.exhibitor.password);
    await openTab(exhibitor, 'Collaborateurs');
    await expect(exhibitor.getByText('Aucun collaborateur')).toBeVisible();
    await exhibitor.getByRole('button', { name: 'Reprendre mes collaborateurs de 2024' }).click();
    await expect(exhibitor.getByText(/invitations? envoyée/)).toBeVisible();
    await expect(exhibitor.getByRole('row').filter({ hasText: accounts.collaborator.email })).toContainText(
      'Invitation envoyée',
    );

    // 'Inviter les abonnés à la newsletter', on 2040's page: a confirmed subscriber gets it, once.
    const subscriber = `abonne-${Date.now()}@example.com`;
    expect(
      (await page.request.post(`${API}/newsletters`, { headers, data: { email: subscriber, lang: 'fr' } })).status(),
    ).toBe(201);
    const confirm = new URL(
      /https?:\/\/[^\s"<]+\/newsletter\?action=confirm&token=[\w.-]+/.exec(await mailTo(subscriber, 1))![0],
    );
    const token = confirm.searchParams.get('token')!;
    expect((await page.request.post(`${API}/newsletters/confirm?token=${token}`, { headers })).status()).toBe(200);
    await page.goto(`/admin/editions/${editionId}`);
    await page.getByRole('button', { name: 'Inviter les abonnés à la newsletter' }).click();
    const announce = page.getByRole('dialog', { name: 'Inviter les abonnés à la newsletter' });
    await expect(announce).toContainText(/adresses? confirmées? de la newsletter, une seule fois/);
    await announce.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(page.getByText(/^Invitation envoyée à (une adresse|\d+ adresses)\.$/)).toBeVisible();
    const invitation = await mailTo(subscriber, 2);
    expect(invitation).toContain(`22 au 25 mai ${year}`);
    expect(invitation).toContain('Demander mon badge');
    await page.getByRole('button', { name: 'Inviter les abonnés à la newsletter' }).click();
    await expect(announce).toContainText('L’invitation à cette édition est partie le');
    await expect(announce.getByRole('button', { name: 'Envoyer', exact: true })).toHaveCount(0);
    await announce.getByRole('button', { name: 'Annuler' }).click();

    // 'Mes scans': 2040's are empty; 2024's under the switch.
    await openTab(exhibitor, 'Mes scans');
    const mine = exhibitor.locator('#scansExposant');
    await expect(mine).toContainText('Aucun scan de badge trouvé !');
    await exhibitor.getByLabel('Édition').selectOption('2024');
    await expect(mine.locator('tbody.scan').first()).toBeVisible();
  } finally {
    // 2024 current again; the re-invitations of the demo team cancelled, as the exhibitor would.
    expect((await page.request.post(`${API}/admin/editions/7/make-current`, { headers })).status()).toBe(200);
    const session = await storedSession(exhibitor).catch(() => null);
    if (session) {
      const auth = { ...headers, authorization: `Bearer ${session.jwt}` };
      const list = (await (await page.request.get(`${API}/users`, { headers: auth })).json()) as {
        data: { id: number; invitation: unknown }[];
      };
      for (const row of list.data.filter((r) => r.invitation)) {
        await page.request.delete(`${API}/collaborator-invitations/${row.id}`, { headers: auth });
      }
    }
    await exhibitor.close();
  }
});

test('the next edition’s halls, plan and programme are set up in the back-office before it is current, and the current edition’s lists stay its own', async ({
  page,
}) => {
  test.slow();
  await adminLogin(page);
  const headers = await organiserHeaders(page);
  const edition = await freeEdition(page, headers);
  const created = await page.request.post(`${API}/admin/editions`, { headers, data: edition });
  expect(created.status(), await created.text()).toBe(201);
  const editionId = ((await created.json()) as { id: number }).id;
  const label = new RegExp(`^${edition.year} — `);
  const pickEdition = async (name: string, option: RegExp) => {
    await page.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: option }).click();
  };
  /** A list's 'Édition' filter, once the list has taken it (the filters wait for the typing to end). */
  const filterEdition = async (id: number) => {
    await pickEdition('Édition', id === editionId ? label : /^2024 — /);
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`"edition":${id}`);
  };
  try {
    // The latest edition, after the current one: it is prepared from, no one is invited from it,
    // and a refusal the dialog has no field for is said in it. Its page lists the site's texts
    // that still name the current edition's year.
    const current = (
      (await (
        await page.request.get(`${API}/admin/editions?range=${encodeURIComponent('[0,499]')}`, { headers })
      ).json()) as { id: number; year: number; current: boolean }[]
    ).find((e) => e.current)!;
    await page.goto(`/admin/editions/${editionId}`);
    await expect(
      page.getByRole('alert').filter({ hasText: `Ces contenus du site nomment encore ${current.year}` }),
    ).toContainText(new RegExp(`Bannière : « [^»]*${current.year}`));
    await page.getByRole('button', { name: 'Préparer l’édition suivante' }).click();
    await expect(page.getByRole('button', { name: `Inviter les exposants de ${edition.year}` })).toHaveCount(0);
    const prepare = page.getByRole('dialog');
    await prepare.getByLabel('Début').fill(`${edition.year}-05-22`);
    await prepare.getByLabel('Fin').fill(`${edition.year}-05-23`);
    await prepare.getByRole('button', { name: 'Préparer', exact: true }).click();
    await expect(prepare.getByRole('alert')).toHaveText(
      'Une autre édition a lieu cette année-là : une seule par année (ses pages /plan-<année> et /programme-<année>).',
    );
    await prepare.getByRole('button', { name: 'Annuler' }).click();
    await page.goto(`/admin/editions/${current.id}`);
    await expect(page.getByRole('button', { name: 'Inviter les abonnés à la newsletter' })).toBeVisible();

    // 'Halls' opens on 2024's; the new edition's is empty until a hall is made in it.
    await page.goto('/admin/gates');
    await expect(page.getByRole('cell', { name: 'Hall A', exact: true })).toBeVisible();
    await filterEdition(editionId);
    await expect(page.getByRole('cell', { name: 'Hall A', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Créer' }).click();
    await expect(page.getByRole('combobox', { name: 'Édition' })).toHaveText(label);
    await page.getByLabel('Nom').fill('Hall Nord');
    await page.getByLabel('Largeur sur le plan').fill('40');
    await page.getByLabel('Profondeur sur le plan').fill('20');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('cell', { name: 'Hall Nord' })).toBeVisible();
    await filterEdition(7);
    await expect(page.getByRole('cell', { name: 'Hall A', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Hall Nord' })).toHaveCount(0);
    // Made from 2024's list for the new edition, it is shown in the new edition's list.
    await page.getByRole('link', { name: 'Créer' }).click();
    await pickEdition('Édition', label);
    await page.getByLabel('Nom').fill('Hall Sud');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('cell', { name: 'Hall Sud' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Édition' })).toHaveText(label);

    // Its layout from a file, previewed against its own halls.
    await page.goto('/admin/plan-import');
    await pickEdition('Plan de l’édition', label);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'plan.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'hall;stand;x;y;width;height;type;label\nHall Nord;N-01;0;0;6;4;;\nHall Nord;N-02;6;0;6;4;;\nHall Nord;;18;0;4;2;entrance;Entrée nord\n',
      ),
    });
    await expect(
      page.getByText(
        '2 stands prêts à être importés. Le fichier place aussi 1 élément du plan (entrée, allée, service, salle du forum).',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await expect(page.getByText('2 stands importés.').first()).toBeVisible();

    // Drawn in 'Dessiner le plan' under its edition; 2024's drawing is 2024's.
    await page.goto('/admin/plan-editor');
    await expect(page.getByRole('tab', { name: 'Hall A' })).toBeVisible();
    await pickEdition('Plan de l’édition', label);
    await expect(page.getByRole('tab', { name: 'Hall Nord' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Hall A' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: /Hall Nord/ })).toContainText('N-02');

    // A conference on its programme, on one of its days; 2024's programme does not list it.
    await page.goto('/admin/conferences');
    await filterEdition(editionId);
    await page.getByRole('link', { name: 'Créer' }).click();
    await expect(page).toHaveURL(/\/conferences\/create$/);
    await page.getByRole('textbox', { name: 'Numéro' }).fill('N1');
    await page.getByLabel('Titre (français)').fill(`Ouverture ${edition.year}`);
    await page.getByLabel('Titre (anglais)').fill(`Opening ${edition.year}`);
    await page.getByLabel('Jour').fill(edition.startsOn);
    await page.getByLabel('Début').fill('10:00');
    await page.getByLabel('Fin').fill('11:00');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('cell', { name: `Ouverture ${edition.year}` })).toBeVisible();
    await filterEdition(7);
    await expect(page.getByRole('cell', { name: `Ouverture ${edition.year}` })).toHaveCount(0);
  } finally {
    // Its halls, stands and programme go with it.
    const removed = await page.request.delete(`${API}/admin/editions/${editionId}`, { headers });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});
