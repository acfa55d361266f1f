import type { Page } from '@playwright/test';
import { GATE_BASE_URL } from '../playwright.config';
import { accounts, submitLogin, texts as signInTexts, waitForHydration } from './fixtures';
import { expect, test } from './support/camera-test';
import { controllerToken, xsrf } from './support/gate';
import { enableKiosk, kioskTexts } from './support/kiosk';
import { registerVisitor, unique } from './support/visitors';

/**
 * What a shared device keeps once nobody is signed in on it: no gate roster (every badge
 * holder's name and company) after the controller signs out or the session ends, and no kiosk
 * token once the API refuses it (its show day is over, or it was revoked).
 */

const texts = {
  ...kioskTexts,
  ended:
    'Cette borne a été désactivée, ou sa journée est terminée. Un contrôleur ou un organisateur peut la réactiver ici.',
  seeStaff:
    'Trop d’essais pour cette adresse. Adressez-vous à un membre de l’équipe d’accueil, qui retrouvera votre badge.',
};

/** The IndexedDB databases of the page's origin, by name. */
const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

/** How many badge holders the gate roster holds on the device (the app made the database already). */
const rosterPeople = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('salon-gate');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const counted = db.transaction('people').objectStore('people').count();
          counted.onsuccess = () => {
            db.close();
            resolve(counted.result);
          };
          counted.onerror = () => reject(counted.error ?? new Error('count failed'));
        };
      }),
  );

test.describe('The gate device after the controller leaves', () => {
  test.use({ baseURL: GATE_BASE_URL });

  /** Signs in on /login-controleur and waits for the roster to be on the device. */
  async function signInWithRoster(page: Page) {
    await page.goto('/login-controleur');
    await waitForHydration(page);
    await submitLogin(page, accounts.controller.email, accounts.controller.password);
    await expect(page).toHaveURL(/\/espace-controleur$/);
    await expect(page.getByLabel('Porte de ce poste')).toBeEnabled();
    await expect(page.getByTestId('gate-last-sync')).toHaveText(/^\d\d:\d\d$/);
    expect(await databases(page)).toContain('salon-gate');
    expect(await rosterPeople(page)).toBeGreaterThan(0);
  }

  test('signing out deletes the roster’s IndexedDB database from the device', async ({ page }) => {
    await signInWithRoster(page);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login-controleur/);
    await expect.poll(() => databases(page)).not.toContain('salon-gate');
    // Reloading the sign-in page brings nothing back.
    await page.reload();
    await waitForHydration(page);
    expect(await databases(page)).not.toContain('salon-gate');
  });

  test('a session the API refuses signs the controller out, says so, and deletes the roster', async ({ page }) => {
    await signInWithRoster(page);
    // The token no longer valid (as after 7 days unused, or a password change).
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('auth-controleur')!) as { jwt: string };
      localStorage.setItem('auth-controleur', JSON.stringify({ ...session, jwt: `${session.jwt}x` }));
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login-controleur\?.*expired=1/);
    await expect(page.getByText(signInTexts.expired)).toBeVisible();
    await expect.poll(() => databases(page)).not.toContain('salon-gate');
  });
});

test.describe('The kiosk after its token ends', () => {
  const storedKiosk = (page: Page) => page.evaluate(() => localStorage.getItem('borne'));

  test('an idle kiosk whose token the API refuses returns to its enable screen on its own and forgets the token', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    await enableKiosk(page, `Borne ${unique()}`);
    const { id } = JSON.parse((await storedKiosk(page))!) as { id: number };
    // Ended from the staff's list: the API answers this token as it answers one past its day (401).
    const jwt = await controllerToken(request);
    const revoked = await request.delete(`/backend/api/kiosk/sessions/${id}`, {
      headers: { authorization: `Bearer ${jwt}`, ...(await xsrf(request)) },
    });
    expect(revoked.status()).toBe(204);
    // Nobody touches the kiosk: it asks the API again within five minutes.
    await page.clock.runFor(5 * 60_000 + 1000);
    await expect(page.getByRole('heading', { level: 1, name: texts.setup })).toBeVisible();
    await expect(page.getByText(texts.ended)).toBeVisible();
    expect(await storedKiosk(page)).toBeNull();
  });

  test('after five wrong phone digits for one address, the kiosk sends the visitor to the staff, even with the right digits', async ({
    page,
    request,
  }) => {
    const visitor = await registerVisitor(request, 'Kenza');
    await enableKiosk(page, `Borne ${unique()}`);
    const form = page.getByRole('form', { name: 'Retrouver mon badge' });
    /** One lookup, typed and sent; the API's status once it answered. */
    const tryDigits = async (digits: string) => {
      await form.getByLabel('Adresse e-mail').fill(visitor.email);
      await form.getByLabel('4 derniers chiffres du téléphone').fill(digits);
      const [answer] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith('/kiosk/lookup')),
        form.getByRole('button', { name: 'Afficher mon badge' }).click(),
      ]);
      return answer.status();
    };
    const right = visitor.phone.replace(/\D/g, '').slice(-4);
    const wrong = ['0000', '1111', '2222', '3333', '4444', '5555'].filter((d) => d !== right).slice(0, 5);
    for (const digits of wrong) {
      expect(await tryDigits(digits)).toBe(404);
      await expect(page.getByRole('alert')).toContainText(texts.notFound);
    }
    expect(await tryDigits(right)).toBe(429);
    await expect(page.getByRole('alert')).toContainText(texts.seeStaff);
    await expect(page.getByTestId('kiosk-badge')).toBeHidden();
  });
});
