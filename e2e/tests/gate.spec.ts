import type { Page } from '@playwright/test';
import { formatTime, type CheckinSubmission, type GateRoster } from '@salon/shared';
import { GATE_BASE_URL } from '../playwright.config';
import { accounts, login, storedSession, submitLogin, texts as signInTexts, waitForHydration } from './fixtures';
import { expect, test } from './support/camera-test';
import {
  addCollaborator,
  controllerToken,
  decided,
  deleteCollaborator,
  deviceKnows,
  entriesAt,
  exhibitorToken,
  firstEntriesOf,
  gateId,
  gateRoster,
  organiserApi,
  postCheckins,
  recordVerdicts,
  registrationOf,
  type ShownVerdict,
} from './support/gate';
import { GATE_MAIL_DIR } from './support/mail';
import { forge, registerVisitor, type Visitor } from './support/visitors';

// The gates' server: its clock stands inside the show's hours (outside them every badge is refused).
test.use({ baseURL: GATE_BASE_URL });

/** The texts of the issue and the contract (the web app's French). */
const texts = {
  admitted: 'Entrée autorisée',
  alreadyEntered: (time: string, gate: string) => `Déjà entré aujourd’hui à ${time}, porte ${gate}`,
  letInDone: 'Nouvelle entrée autorisée',
  invalid: 'Badge invalide',
  revoked: 'Badge révoqué',
  visitor: 'Visiteur',
  collaborator: 'Collaborateur',
  online: 'En ligne',
  offline: 'Hors ligne',
};

/** Signs in on /login-controleur and chooses this device's gate on /espace-controleur. */
async function signInAtGate(page: Page, gate: string) {
  await page.goto('/login-controleur');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion contrôleur' })).toBeVisible();
  await submitLogin(page, accounts.controller.email, accounts.controller.password);
  await expect(page).toHaveURL(/\/espace-controleur$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Espace contrôleur' })).toBeVisible();
  const gates = page.getByLabel('Porte de ce poste');
  // The gates come with the roster: once they are there, the device has what it needs offline.
  await expect(gates).toBeEnabled();
  await gates.selectOption({ label: gate });
  await expect(page.getByTestId('gate-last-sync')).toHaveText(/^\d\d:\d\d$/);
  await expect(page.getByTestId('gate-online')).toHaveText(texts.online);
}

/** 'Commencer le contrôle': the gate screen of this device's gate, ready for a typed code. */
async function startChecking(page: Page, gate: string) {
  await page.getByRole('link', { name: 'Commencer le contrôle' }).click();
  await expect(page).toHaveURL(/\/controleur$/);
  await expect(page.getByRole('heading', { level: 1, name: `Contrôle des badges – ${gate}` })).toBeVisible();
  await waitForHydration(page);
}

async function typeBadge(page: Page, badge: string) {
  await page.getByLabel('Code du badge').fill(badge);
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
}

/** The `n`th verdict the screen showed (1 the first), once shown. */
async function nthVerdict(shown: ShownVerdict[], n: number, timeout = 10_000): Promise<ShownVerdict> {
  await expect
    .poll(() => decided(shown).length, { timeout, message: `verdict ${n} on the gate screen` })
    .toBeGreaterThanOrEqual(n);
  return decided(shown)[n - 1]!;
}

/** A green verdict for this visitor: allowed, the badge type, the name and the company. */
function expectAdmitted(verdict: ShownVerdict, visitor: Visitor) {
  expect(verdict).toMatchObject({ verdict: 'admitted', reason: null, reentry: false });
  expect(verdict.text).toContain(texts.admitted);
  expect(verdict.text).toContain(texts.visitor);
  expect(verdict.text).toContain(visitor.name);
  expect(verdict.text).toContain(visitor.company);
}

test.describe('Gate control', () => {
  // The camera is the controller's phone (PHONE_ONLY in playwright.config.ts).
  test(
    'the camera reads a visitor badge green with the name, the same badge again orange and let in again, a forged one red, and a deleted collaborator red once the revocation list synced',
    { tag: '@phone' },
    async ({ cameraPage, request }) => {
      // Six times the usual allowance: the camera's film alone lasts 40 s.
      test.setTimeout(test.info().timeout * 6);
      const visitor = await registerVisitor(request, 'Yasmine', GATE_MAIL_DIR);
      const exhibitorJwt = await exhibitorToken(request);
      const collaborator = await addCollaborator(request, exhibitorJwt, GATE_MAIL_DIR);
      const controllerJwt = await controllerToken(request);
      const before = await gateRoster(request, controllerJwt);
      const hallA = gateId(before, 'Hall A');

      // The people at the gate, one after another, in front of the camera: the camera starts
      // filming when the gate screen opens.
      const page = await cameraPage([
        { seconds: 2 },
        { badge: visitor.token, seconds: 3 },
        // Longer than the 5 s during which the screen takes the same code as the same read.
        { seconds: 8 },
        { badge: visitor.token, seconds: 3 },
        { seconds: 10 },
        { badge: forge(visitor.token), seconds: 3 },
        { seconds: 8 },
        { badge: collaborator.token, seconds: 3 },
        // Time for the test to end before the file loops back to the first badge.
        { seconds: 70 },
      ]);
      const shown = await recordVerdicts(page);

      await signInAtGate(page, 'Hall A');
      // The device has the collaborator's badge live in its roster…
      await expect
        .poll(() => deviceKnows(page, collaborator.registrationId), { message: 'the collaborator in the roster' })
        .toEqual({ person: true, revoked: false });
      // …then its exhibitor deletes it, and the roster refreshes when the controller's area opens again.
      await deleteCollaborator(request, exhibitorJwt, collaborator.userId);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Espace contrôleur' })).toBeVisible();
      await expect
        .poll(() => deviceKnows(page, collaborator.registrationId), { message: 'the revocation on the device' })
        .toEqual({ person: false, revoked: true });

      await startChecking(page, 'Hall A');
      await expect(page.getByLabel('Caméra')).toBeVisible();
      await expect(page.getByTestId('camera-unavailable')).toHaveCount(0);
      const verdict = page.getByTestId('gate-verdict');

      // The visitor: green, with the name and company from the roster.
      expectAdmitted(await nthVerdict(shown, 1, 20_000), visitor);

      // The same badge again: orange, and the controller lets the person in again.
      await expect(verdict).toHaveAttribute('data-verdict', 'already_entered', { timeout: 20_000 });
      await expect(verdict).toContainText(/Déjà entré aujourd’hui à \d\d:\d\d, porte Hall A/);
      await expect(verdict).toContainText(visitor.name);
      await expect(page.getByRole('button', { name: 'Ne pas laisser entrer' })).toBeVisible();
      const reentry = page.getByTestId('gate-reentry');
      await expect(reentry).toHaveText('Laisser entrer');
      await reentry.click();
      await expect(page.getByRole('button', { name: 'Laisser entrer' })).toHaveCount(0);

      // The forged badge, then the deleted collaborator's: each read once, in this order.
      await expect
        .poll(() => decided(shown).map((v) => [v.verdict, v.reason, v.reentry]), { timeout: 45_000 })
        .toEqual([
          ['admitted', null, false],
          ['already_entered', null, false],
          ['already_entered', null, true],
          ['refused', 'invalid', false],
          ['refused', 'revoked', false],
        ]);
      const [, orange, letIn, forged, revoked] = decided(shown);
      expect(letIn!.text).toContain(texts.letInDone);
      expect(forged!.text).toContain(texts.invalid);
      expect(forged!.text).not.toContain(visitor.name);
      expect(revoked!.text).toContain(texts.revoked);
      expect(revoked!.text).toContain(texts.collaborator);
      await expect(verdict).toHaveAttribute('data-reason', 'revoked');
      await expect(verdict).toContainText(texts.revoked);

      // Every check-in reached the server: the first entry and the re-entry count at Hall A.
      await expect(page.getByTestId('gate-waiting')).toHaveText('0', { timeout: 15_000 });
      let after: GateRoster = before;
      await expect
        .poll(
          async () => {
            after = await gateRoster(request, controllerJwt);
            return entriesAt(after, hallA) - entriesAt(before, hallA);
          },
          { message: 'entries today at Hall A' },
        )
        .toBe(2);
      const first = firstEntriesOf(after, registrationOf(visitor.token));
      expect(first).toEqual([{ at: expect.any(String), gate: hallA }]);
      // The orange verdict gave the time of that first entry, in the show's time zone.
      expect(orange!.text).toContain(texts.alreadyEntered(formatTime(first[0]!.at), 'Hall A'));
      expect(firstEntriesOf(after, collaborator.registrationId)).toEqual([]);
    },
  );

  test('with the network off, a badge from the roster the device synced shows green with the name and company', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Ilyas', GATE_MAIL_DIR);
    const shown = await recordVerdicts(page);
    await signInAtGate(page, 'Hall B');
    await startChecking(page, 'Hall B');
    await expect(page.getByTestId('gate-online')).toHaveText(texts.online);

    await context.setOffline(true);
    await expect(page.getByTestId('gate-online')).toHaveText(texts.offline);
    await typeBadge(page, visitor.token);
    expectAdmitted(await nthVerdict(shown, 1), visitor);
    await expect(page.getByTestId('gate-waiting')).toHaveText('1');

    // Back online, it leaves the device.
    await context.setOffline(false);
    await expect(page.getByTestId('gate-online')).toHaveText(texts.online);
    await expect(page.getByTestId('gate-waiting')).toHaveText('0', { timeout: 15_000 });
  });

  test('a name typed in Arabic reads as typed, in its own direction, on the visitor’s e-badge and on the gate’s green screen', async ({
    page,
    request,
  }) => {
    // Two of TYPED_NAMES (apps/api/src/domains/badges/badge-pdf.test-support.ts): Arabic, and a company that mixes scripts.
    const typed = { name: 'محمد بن عبد الله العلوي', company: 'Atlas للبناء والأشغال SARL' };
    const visitor = await registerVisitor(request, '', GATE_MAIL_DIR, typed);

    // Each name in an element of its own direction (<bdi>), inside the French page: the
    // punctuation and words around it stay where they were written.
    await page.goto(`/ebadge?token=${visitor.key}`);
    await expect(page.locator('.ebadge bdi')).toHaveText([typed.name, visitor.jobPosition, typed.company]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(typed.name);

    const shown = await recordVerdicts(page);
    await signInAtGate(page, 'Hall C');
    await startChecking(page, 'Hall C');
    await typeBadge(page, visitor.token);
    expectAdmitted(await nthVerdict(shown, 1), visitor);
    await expect(page.getByTestId('gate-verdict').locator('bdi')).toHaveText([typed.name, typed.company]);
  });

  test('offline, three badges are checked and kept, the page reloads with no network, and once the network returns each check-in reaches the server once', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const visitors: Visitor[] = [];
    for (const name of ['Salma', 'Hicham', 'Nadia']) visitors.push(await registerVisitor(request, name, GATE_MAIL_DIR));
    const jwt = await controllerToken(request);
    const before = await gateRoster(request, jwt);
    const hallC = gateId(before, 'Hall C');

    const sent: CheckinSubmission[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/backend/api/checkins') {
        sent.push(...(r.postDataJSON() as { checkins: CheckinSubmission[] }).checkins);
      }
    });
    const shown = await recordVerdicts(page);
    await signInAtGate(page, 'Hall C');
    // The service worker keeps the gate pages: installed (pages and scripts precached) and in
    // control of this page before the network goes.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await startChecking(page, 'Hall C');

    await context.setOffline(true);
    await expect(page.getByTestId('gate-online')).toHaveText(texts.offline);
    for (const [i, visitor] of visitors.entries()) {
      await typeBadge(page, visitor.token);
      expectAdmitted(await nthVerdict(shown, i + 1), visitor);
      await expect(page.getByTestId('gate-waiting')).toHaveText(String(i + 1));
    }

    // Reloaded with no network: the worker serves the page, the three still wait.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the page from the service worker').toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Contrôle des badges – Hall C' })).toBeVisible();
    await expect(page.getByTestId('gate-online')).toHaveText(texts.offline);
    await expect(page.getByTestId('gate-waiting')).toHaveText('3');
    await expect(page.getByLabel('Code du badge')).toBeVisible();
    expect(sent, 'nothing left the device while offline').toEqual([]);

    // The network returns: they are sent, and leave the device.
    await context.setOffline(false);
    await expect(page.getByTestId('gate-online')).toHaveText(texts.online);
    await expect(page.getByTestId('gate-waiting')).toHaveText('0', { timeout: 20_000 });

    // The server has each check-in once: three more entries at Hall C, one first entry each.
    const after = await gateRoster(request, jwt);
    expect(entriesAt(after, hallC) - entriesAt(before, hallC)).toBe(3);
    for (const visitor of visitors) {
      expect(firstEntriesOf(after, registrationOf(visitor.token))).toEqual([{ at: expect.any(String), gate: hallC }]);
    }
    expect(sent.map((c) => c.badge).sort()).toEqual(visitors.map((v) => v.token).sort());
    expect(new Set(sent.map((c) => c.id)).size).toBe(3);

    // The same check-ins sent again (a device that never got the answer): taken once.
    const again = await postCheckins(request, jwt, sent);
    expect(again.map((r) => [r.id, r.status])).toEqual(sent.map((c) => [c.id, 'recorded']));
    const afterAgain = await gateRoster(request, jwt);
    expect(entriesAt(afterAgain, hallC)).toBe(entriesAt(after, hallC));

    // The controller's area counts them.
    await page.getByRole('link', { name: 'Espace contrôleur' }).click();
    await expect(page).toHaveURL(/\/espace-controleur$/);
    await expect(page.getByTestId('gate-count-gate')).toHaveText(String(entriesAt(after, hallC)));
    await expect(page.getByTestId('gate-waiting')).toHaveText('0');
  });

  test('once the next edition is current, a 2024 badge is refused at its gate without network, with the message that it is another edition’s', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Anas', GATE_MAIL_DIR);
    // The next edition, its halls carried over, made current (a free year: a retry finds the last one's taken).
    const organiser = await organiserApi(request);
    const taken = (await (
      await request.get(`/backend/api/admin/editions?range=${encodeURIComponent('[0,499]')}`, { headers: organiser })
    ).json()) as { edition: number; year: number }[];
    let year = 2050;
    while (taken.some((e) => e.year === year)) year++;
    const next = await request.post('/backend/api/admin/editions/7/next', {
      headers: organiser,
      data: {
        name: `Édition ${year}`,
        startsOn: `${year}-05-28`,
        endsOn: `${year}-05-31`,
        city: 'Marrakech',
        halls: true,
      },
    });
    expect(next.status(), await next.text()).toBe(201);
    const nextId = ((await next.json()) as { id: number }).id;
    const makeCurrent = (id: number) =>
      request.post(`/backend/api/admin/editions/${id}/make-current`, { headers: organiser });
    expect((await makeCurrent(nextId)).status()).toBe(200);
    try {
      const shown = await recordVerdicts(page);
      await signInAtGate(page, 'Hall B');
      await startChecking(page, 'Hall B');
      await context.setOffline(true);
      await expect(page.getByTestId('gate-online')).toHaveText(texts.offline);
      await typeBadge(page, visitor.token);
      const verdict = await nthVerdict(shown, 1);
      expect(verdict).toMatchObject({ verdict: 'refused', reason: 'otherEvent' });
      expect(verdict.text).toContain('Ce badge est celui d’une autre édition du salon.');
      expect(verdict.text).not.toContain(texts.admitted);
    } finally {
      await context.setOffline(false);
      expect((await makeCurrent(7)).status()).toBe(200);
      const removed = await request.delete(`/backend/api/admin/editions/${nextId}`, { headers: organiser });
      expect(removed.status(), await removed.text()).toBe(200);
    }
  });

  test('the controller sign-in refuses an exhibitor and an organiser with the main sign-in’s alert, and the gate screens without a controller session go to it', async ({
    page,
  }) => {
    await page.goto('/controleur');
    await expect(page).toHaveURL(/\/login-controleur\?returnUrl=%2Fcontroleur$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion contrôleur' })).toBeVisible();

    for (const account of [accounts.exhibitor, accounts.organiser]) {
      await submitLogin(page, account.email, account.password);
      await expect(page.getByRole('alert')).toHaveText(signInTexts.loginFailed);
      await expect(page).toHaveURL(/\/login-controleur\?returnUrl=%2Fcontroleur$/);
      expect(await page.evaluate(() => localStorage.getItem('auth-controleur'))).toBeNull();
    }

    // Signed in to the exhibitor area is no controller session either.
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await page.goto('/espace-controleur');
    await expect(page).toHaveURL(/\/login-controleur\?returnUrl=%2Fespace-controleur$/);
    await page.goto('/read-badge');
    await expect(page).toHaveURL(/\/login-controleur\?returnUrl=%2Fread-badge$/);

    // The controller signs in there; with no gate chosen on this device yet, the controller's area.
    await submitLogin(page, accounts.controller.email, accounts.controller.password);
    await expect(page).toHaveURL(/\/espace-controleur$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Espace contrôleur' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Commencer le contrôle' })).toHaveCount(0);
    // The two sessions stay apart: the exhibitor's is still there.
    expect(await storedSession(page)).not.toBeNull();
  });
});
