import { expect, test } from '@playwright/test';
import { onWalkScreens } from './support/screens';

/**
 * The delegated organiser's logo ('AM' in a square) sat in the header between 'Espace exposant'
 * and FR/EN, where a signed-in user's avatar goes: a visitor who never signed in read it as
 * "signed in as AM". The agency is shown where the organisers are: on the home page
 * with the other organisers, and in the footer, named, with its website.
 */
onWalkScreens();

const AGENCY = 'Agence Médina Événements (démo)';

for (const address of ['/', '/annuaire', '/login']) {
  test(`on ${address}, the header holds no picture but the show's logo, and the footer names the delegated organiser with its logo and website`, async ({
    page,
  }) => {
    await page.goto(address);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Accueil' })).toBeVisible();
    // Nothing there a visitor could take for an account of theirs.
    await expect(header.locator('img:visible')).toHaveCount(1);
    await expect(header.locator('img:visible')).toHaveAttribute('src', '/assets/images/logo.svg');
    await expect(header.getByRole('link', { name: /Organisateur délégué/ })).toHaveCount(0);
    await expect(header.getByText(AGENCY)).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    const agency = footer.getByRole('link', { name: `Organisateur délégué : ${AGENCY}` });
    await agency.scrollIntoViewIfNeeded();
    await expect(agency).toBeVisible();
    await expect(agency).toHaveAttribute('href', 'https://www.example.com');
    // Its logo beside its name, inside the link.
    const logo = agency.locator('img');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
}
