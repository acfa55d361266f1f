import { expect, test } from '@playwright/test';
import { DEMO_COMPANY, adminLogin } from './fixtures';
import { exhibitorToken, organiserApi, xsrf } from './support/gate';

/** 'Fiches exposants': with moderation on, the organiser holds an exhibitor's change with a reason. */

const API = '/backend/api';

test('with moderation on, the organiser sees an exhibitor’s pending change beside its live page and holds it with a reason the exhibitor reads', async ({
  page,
}) => {
  // A story across the API and the back-office: longer than one screen's test.
  test.slow();
  const request = page.request;
  const organiser = await organiserApi(request);
  const exhibitor = { ...(await xsrf(request)), authorization: `Bearer ${await exhibitorToken(request)}` };
  const own = async () =>
    (
      (await (await request.get(`${API}/exhibitor-page`, { headers: exhibitor })).json()) as {
        data: { slug: string; descriptionFr: string | null; review: { status: string; reason: string | null } };
      }
    ).data;
  const original = (await own()).descriptionFr;
  const moderation = async (on: boolean) =>
    expect(
      (
        await request.put(`${API}/admin/site-settings/1`, { headers: organiser, data: { moderateExhibitorPages: on } })
      ).status(),
    ).toBe(200);

  await moderation(true);
  try {
    const saved = await request.put(`${API}/exhibitor-page`, {
      headers: exhibitor,
      data: { description: { fr: 'Le meilleur béton du Maroc, et de loin.' } },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await adminLogin(page);
    await page.getByRole('menuitem', { name: 'Fiches exposants' }).click();
    await page.getByPlaceholder('Rechercher').fill(DEMO_COMPANY);
    // The search goes into the address once typing pauses; clicking a row before that would be undone by it.
    await expect(page).toHaveURL(/filter=/);
    await page.getByRole('cell', { name: DEMO_COMPANY }).click();
    await expect(page.getByRole('cell', { name: 'Le meilleur béton du Maroc, et de loin.' })).toBeVisible();
    await expect(page.getByText('En attente', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Refuser' }).click();
    await page.getByLabel('Raison (lue par l’exposant)').fill('Merci de ne pas vous comparer aux autres exposants.');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Modification refusée : l’exposant voit la raison.')).toBeVisible();
    await expect(page.getByText('Refusée', { exact: true })).toBeVisible();

    expect((await own()).review).toMatchObject({
      status: 'held',
      reason: 'Merci de ne pas vous comparer aux autres exposants.',
    });
    // The public page still shows the published text.
    const shown = await request.get(`${API}/exhibitors/${(await own()).slug}`);
    expect(((await shown.json()) as { data: { descriptionFr: string | null } }).data.descriptionFr).toBe(original);
  } finally {
    // Put back: moderation off, and the page saved again as it was (live at once).
    await moderation(false);
    await request.put(`${API}/exhibitor-page`, { headers: exhibitor, data: { description: { fr: original ?? '' } } });
  }
});
