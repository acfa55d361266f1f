import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { accounts, texts as signInTexts, waitForHydration } from './fixtures';
import { expect, test } from './support/camera-test';
import { controllerToken } from './support/gate';
import { enableKiosk, kioskTexts } from './support/kiosk';
import { mailTo } from './support/mail';
import { registerVisitor, unique, type Visitor } from './support/visitors';

/** The kiosk's French texts. */
const texts = {
  ...kioskTexts,
  registerInstead: 'Je ne suis pas inscrit : m’inscrire',
  printed: 'Impression lancée : récupérez votre badge. Bonne visite !',
};

/** window.print() counts its calls instead of opening the print dialog. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { e2ePrints: number };
    counted.e2ePrints = 0;
    window.print = () => {
      counted.e2ePrints += 1;
    };
  });
}

const prints = (page: Page) => page.evaluate(() => (window as unknown as { e2ePrints: number }).e2ePrints);

async function findBadge(page: Page, email: string, phoneDigits: string) {
  const form = page.getByRole('form', { name: 'Retrouver mon badge' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('4 derniers chiffres du téléphone').fill(phoneDigits);
  await form.getByRole('button', { name: 'Afficher mon badge' }).click();
}

/** The badge shown is this person's: name, type, company, position and the QR code of their badge. */
async function expectBadgeOf(badge: Locator, person: Pick<Visitor, 'name' | 'company' | 'jobPosition'>) {
  await expect(badge).toBeVisible();
  await expect(badge.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(badge).toContainText('Visiteur');
  await expect(badge).toContainText(person.company);
  await expect(badge).toContainText(person.jobPosition);
  await expect(badge.getByRole('img', { name: 'Code QR du badge, à présenter au contrôle' })).toBeVisible();
}

/**
 * The print tap: window.print() is called once, and the print layout shows the badge alone, at
 * the A6 size (105 × 148 mm), with nothing else of the page.
 */
async function printAndCheckLayout(page: Page) {
  const badge = page.getByTestId('kiosk-badge');
  expect(await prints(page)).toBe(0);
  await page.getByTestId('kiosk-print').click();
  await expect.poll(() => prints(page)).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: texts.printed })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(badge).toBeVisible();
  await expect(page.getByTestId('kiosk-print')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Terminer' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Quitter le mode borne' })).toBeHidden();
  await expect(page.getByText(texts.printed)).toBeHidden();
  // Nothing outside the badge shows on paper: no text, no button, no picture.
  const outside = await page.evaluate(() => {
    const card = document.querySelector('[data-testid=kiosk-badge]')!;
    const shown: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (card.contains(element) || element.contains(card) || !element.checkVisibility()) continue;
      const ownText = Array.from(element.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      const box = element.getBoundingClientRect();
      const drawn = ['BUTTON', 'INPUT', 'IMG', 'svg', 'VIDEO', 'SELECT', 'A'].includes(element.tagName);
      if ((ownText || drawn) && box.width > 0 && box.height > 0) {
        shown.push(`${element.tagName} ${element.textContent?.trim().slice(0, 40) ?? ''}`);
      }
    }
    return shown;
  });
  expect(outside).toEqual([]);
  const box = (await badge.boundingBox())!;
  // 105 × 148 mm at 96 CSS pixels an inch.
  expect(Math.round(box.width)).toBeGreaterThanOrEqual(395);
  expect(Math.round(box.width)).toBeLessThanOrEqual(399);
  expect(Math.round(box.height)).toBeGreaterThanOrEqual(557);
  expect(Math.round(box.height)).toBeLessThanOrEqual(561);
  await page.emulateMedia({ media: null });
}

/** The kiosk listed in the organisers' and controllers' list of kiosks. */
async function kioskNames(request: APIRequestContext): Promise<string[]> {
  const jwt = await controllerToken(request);
  const res = await request.get('/backend/api/kiosk/sessions', { headers: { authorization: `Bearer ${jwt}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { name: string; revokedAt: string | null }[] }).data
    .filter((k) => k.revokedAt === null)
    .map((k) => k.name);
}

test.describe('The badge kiosk', () => {
  test('a controller enables the kiosk; a registered visitor finds their badge with e-mail and phone digits, prints it, and the kiosk returns to its start screen', async ({
    page,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Amal');
    const name = `Borne ${unique()}`;
    // The page's timers run on a clock the test moves on: no 30 s wait.
    await page.clock.install();
    await stubPrint(page);

    // An exhibitor's credentials do not enable a kiosk.
    await page.goto('/borne');
    await expect(page.getByRole('heading', { level: 1, name: texts.setup })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel('Adresse e-mail').fill(accounts.exhibitor.email);
    await page.getByLabel('Mot de passe').fill(accounts.exhibitor.password);
    await page.getByRole('button', { name: texts.setup }).click();
    await expect(page.getByRole('alert')).toHaveText(signInTexts.loginFailed);

    await enableKiosk(page, name);
    expect(await kioskNames(request)).toContain(name);

    await findBadge(page, visitor.email, visitor.phone.slice(-4));
    const badge = page.getByTestId('kiosk-badge');
    await expectBadgeOf(badge, visitor);
    // The very QR code of the visitor's badge.
    await expect(badge.locator('svg path')).toHaveAttribute('d', visitor.qr.path);
    await expect(page.getByRole('timer')).toBeVisible();
    // Beside it, Apple's badge and a code for the visitor's own iPhone, then Google's button and a
    // code for an Android phone (this server offers both wallets).
    const wallets = page.locator('figure.kiosk-wallet');
    await expect(wallets).toHaveCount(2);
    const apple = wallets.first();
    await expect(apple.getByRole('img', { name: 'Ajouter à Apple Wallet' })).toBeVisible();
    await expect(apple.getByRole('img', { name: 'Code QR du lien Apple Wallet' })).toBeVisible();
    await expect(apple).toContainText('scannez ce code avec l’appareil photo de votre iPhone');
    const google = wallets.last();
    await expect(google.getByRole('img', { name: 'Ajouter à Google Wallet' })).toHaveAttribute(
      'src',
      '/backend/api/wallet/google-badge.svg?lang=fr',
    );
    await expect(google.getByRole('img', { name: 'Code QR du lien Google Wallet' })).toBeVisible();
    await expect(google).toContainText('scannez ce code avec l’appareil photo de votre téléphone Android');

    await printAndCheckLayout(page);

    // The badge stays 30 s after printing, then the kiosk is ready for the next visitor.
    await page.clock.fastForward(25_000);
    await expect(badge).toBeVisible();
    await page.clock.fastForward(6_000);
    await expect(page.getByRole('heading', { level: 1, name: texts.start })).toBeVisible();
    await expect(badge).toHaveCount(0);
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue('');
    await expect(page.getByLabel('4 derniers chiffres du téléphone')).toHaveValue('');
  });

  test('an unknown address leads to the registration form; the visitor registers on the kiosk and prints the new badge', async ({
    page,
  }) => {
    test.slow();
    await stubPrint(page);
    await enableKiosk(page, `Borne ${unique()}`);
    const id = unique();
    const person = {
      name: `Rania Borne ${id}`,
      email: `borne-${id}@example.com`,
      phone: `06${String(Date.now()).slice(-8)}`,
      company: `Chantiers ${id}`,
      jobPosition: 'Architecte',
    };

    await findBadge(page, person.email, person.phone.slice(-4));
    const failure = page.getByRole('alert').filter({ hasText: texts.notFound });
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: texts.registerInstead }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Inscription' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Inscription visiteur' });
    await form.getByLabel('Nom & Prénom').fill(person.name);
    await form.getByLabel('Email', { exact: true }).fill(person.email);
    await form.getByLabel('Téléphone', { exact: true }).fill(person.phone);
    await form.getByLabel('Société', { exact: true }).fill(person.company);
    await form.getByLabel('Fonction', { exact: true }).fill(person.jobPosition);
    await form.getByRole('button', { name: 'Recevoir mon badge' }).click();

    await expectBadgeOf(page.getByTestId('kiosk-badge'), person);
    await printAndCheckLayout(page);
    // Registered for real: the badge mail went out too, greeting nobody by a typed name (decision 015).
    const mail = await mailTo(person.email);
    expect(mail).toContain('/ebadge?token=');
    expect(mail).not.toContain(person.name);
  });

  test('the e-badge QR code shown to the kiosk camera brings up the badge to print', async ({
    cameraPage,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Soufiane');
    const page = await cameraPage([{ seconds: 1 }, { badge: visitor.token, seconds: 6 }, { seconds: 50 }]);
    await stubPrint(page);
    await enableKiosk(page, `Borne ${unique()}`);

    await expectBadgeOf(page.getByTestId('kiosk-badge'), visitor);
    await page.getByTestId('kiosk-print').click();
    await expect.poll(() => prints(page)).toBe(1);
  });
});
