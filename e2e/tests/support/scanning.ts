import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { storedSession, waitForHydration } from '../fixtures';
import { expect } from './camera-test';
import type { Visitor } from './visitors';

/**
 * Scanning badges from the exhibitor area, as scans.spec.ts and offline-scans.spec.ts both do it:
 * the area's menu, 'Mes scans', the scanner with a typed code, its verdicts, the tables, and the
 * scans the server holds for the signed-in page.
 */

/** The texts both specs wait for (the web app's French). */
export const scanTexts = {
  kept: 'Scan enregistré sur l’appareil',
  keptDetail: 'Il sera envoyé au retour du réseau.',
  waiting: (count: number) => (count === 1 ? '1 scan en attente d’envoi.' : `${count} scans en attente d’envoi.`),
};

export const areaMenu = (page: Page) => page.getByRole('navigation', { name: 'Menu de l’espace exposant' });

export async function openMyScans(page: Page) {
  await areaMenu(page).getByRole('button', { name: 'Mes scans', exact: true }).click();
  await expect(page).toHaveURL(/\/espace-exposant\?tab=scans$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes scans', exact: true })).toBeVisible();
}

/** From 'Mes scans', the 'Scanner un badge' link, to the scanner ready for a typed code. */
export async function openScanner(page: Page) {
  await openMyScans(page);
  await page.getByRole('link', { name: 'Scanner un badge', exact: true }).click();
  await expect(page).toHaveURL(/\/scanner$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scanner un badge' })).toBeVisible();
  await waitForHydration(page);
}

export async function typeBadge(page: Page, badge: string) {
  await page.getByLabel('Code du badge').fill(badge);
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
}

/** The verdict panel whose heading is `heading`. */
export const verdict = (page: Page, heading: string) =>
  page.getByRole('status').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

export const scanTable = (page: Page, id: 'scansExposant' | 'scansByCollaborators') => page.locator(`table#${id}`);
export const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });

export interface ScanView {
  id: string;
  typeScanned: 'visitor' | 'collaborator' | 'exhibitor';
  createdAt: string;
  note: string | null;
  rating: number | null;
  person: { name: string | null; email: string | null };
  scanner: { id: number; name: string };
}

/** `GET scans` with the session of `page`: its own scans, or its collaborators'. */
export async function scansOf(request: APIRequestContext, page: Page, table: 'mine' | 'collaborators' = 'mine') {
  const session = await storedSession(page);
  if (!session) throw new Error('no session in localStorage');
  const filter = table === 'mine' ? 'filters[scanner][id][$eq]' : 'filters[scanner][exhibitor][id][$eq]';
  const response = await request.get('/backend/api/scans', {
    params: { [filter]: session.user.id, 'pagination[pageSize]': 50 },
    headers: { authorization: `Bearer ${session.jwt}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ScanView[] }).data;
}

export const scansOfVisitor = async (request: APIRequestContext, page: Page, visitor: Visitor) =>
  (await scansOf(request, page)).filter((s) => s.person.name === visitor.name);
