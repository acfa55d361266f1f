/** The self-service kiosk (`/borne`) as the end-to-end tests drive it. */
import { expect, type Page } from '@playwright/test';
import { accounts, waitForHydration } from '../fixtures';

/** The kiosk's French texts that every kiosk test reads. */
export const kioskTexts = {
  setup: 'Activer la borne',
  start: 'Imprimez votre badge',
  notFound: 'Aucun badge ne correspond à ces informations.',
};

/** Opens /borne and enables the kiosk with the demo controller's credentials. */
export async function enableKiosk(page: Page, name: string) {
  await page.goto('/borne');
  await expect(page.getByRole('heading', { level: 1, name: kioskTexts.setup })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Adresse e-mail').fill(accounts.controller.email);
  await page.getByLabel('Mot de passe').fill(accounts.controller.password);
  await page.getByLabel('Nom de la borne').fill(name);
  await page.getByRole('button', { name: kioskTexts.setup }).click();
  await expect(page.getByRole('heading', { level: 1, name: kioskTexts.start })).toBeVisible();
  // The kiosk's name at the foot of the screen.
  await expect(page.getByText(name, { exact: true })).toBeVisible();
}
