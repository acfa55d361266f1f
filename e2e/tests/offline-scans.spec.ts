import type { Request } from '@playwright/test';
import { accounts, login } from './fixtures';
import { expect, test } from './support/camera-test';
import { openScanner, rowOf, scansOfVisitor, scanTable, scanTexts, typeBadge, verdict } from './support/scanning';
import { registerVisitor } from './support/visitors';

/**
 * Scans made while the device is offline or its answer is lost: kept on the device, through a
 * reload or the end of the session, and sent once, with their own ids, when the server answers.
 * On the phone only (PHONE_ONLY in playwright.config.ts): what a stand's phone does in a hall.
 */

test.describe('Badge scans', { tag: '@phone' }, () => {
  test('offline, two badges are kept on the device, survive a reload and are sent once the server is reachable', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    // One after the other: two first requests at once would each get an XSRF cookie of their own.
    const first = await registerVisitor(request, 'Salma');
    const second = await registerVisitor(request, 'Hicham');
    await login(page, accounts.exhibitor.email, accounts.exhibitor.password);
    await openScanner(page);
    await expect(page.getByText('En ligne', { exact: true })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible();
    await typeBadge(page, first.token);
    await expect(verdict(page, scanTexts.kept)).toContainText(scanTexts.keptDetail);
    await expect(page.getByText(scanTexts.waiting(1))).toBeVisible();
    await typeBadge(page, second.token);
    await expect(page.getByText(scanTexts.waiting(2))).toBeVisible();
    await expect(verdict(page, scanTexts.kept)).toContainText(scanTexts.keptDetail);

    // The network is back but the API is not reachable yet: a reload keeps both waiting.
    const sends: Request[] = [];
    await page.route('**/backend/api/scans', async (route) => {
      sends.push(route.request());
      await route.abort('connectionrefused');
    });
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Scanner un badge' })).toBeVisible();
    await expect(page.getByText(scanTexts.waiting(2))).toBeVisible();
    await expect.poll(() => sends.length, { message: 'a send tried on page load' }).toBeGreaterThan(0);
    await expect(page.getByText(scanTexts.waiting(2))).toBeVisible();

    // The API answers again: the 10 s retry sends both.
    await page.unroute('**/backend/api/scans');
    await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });

    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    const mine = scanTable(page, 'scansExposant');
    await expect(rowOf(mine, first.name)).toHaveCount(1);
    await expect(rowOf(mine, second.name)).toHaveCount(1);
    await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0);
    expect(await scansOfVisitor(request, page, first)).toHaveLength(1);
    expect(await scansOfVisitor(request, page, second)).toHaveLength(1);
  });

  test('a scan kept offline when the session ends stays on the device and is sent after the next sign-in', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Rachid');
    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    await openScanner(page);
    await context.setOffline(true);
    await typeBadge(page, visitor.token);
    await expect(page.getByText(scanTexts.waiting(1))).toBeVisible();

    // The session ends on this device (expired, or signed out elsewhere); the network returns.
    await page.evaluate(() => localStorage.removeItem('auth'));
    await context.setOffline(false);
    await page.goto('/scanner');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fscanner/);

    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    await expect.poll(async () => (await scansOfVisitor(request, page, visitor)).length, { timeout: 15_000 }).toBe(1);
  });

  test('a scan whose answer is lost stays waiting, is sent again and is recorded once', async ({ page, request }) => {
    test.slow();
    const visitor = await registerVisitor(request, 'Nadia');
    await login(page, accounts.collaborator.email, accounts.collaborator.password);
    await openScanner(page);

    const posted: string[] = [];
    let lost = false;
    await page.route('**/backend/api/scans', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posted.push(route.request().postData() ?? '');
      if (!lost) {
        lost = true;
        await route.fetch(); // the server gets it and stores the scan…
        return route.abort('connectionreset'); // …but its answer never comes back
      }
      return route.fallback();
    });

    await typeBadge(page, visitor.token);
    await expect(page.getByText(scanTexts.waiting(1))).toBeVisible();
    await expect(verdict(page, scanTexts.kept)).toBeVisible();

    // Sent again within the 10 s retry.
    await expect(page.getByText(scanTexts.waiting(1))).toHaveCount(0, { timeout: 15_000 });
    expect(posted.length).toBeGreaterThanOrEqual(2);
    const ids = posted.map((body) => (JSON.parse(body) as { scans: { id: string; badge: string }[] }).scans);
    const firstSent = ids[0]!.find((s) => s.badge === visitor.token);
    const resent = ids[1]!.find((s) => s.badge === visitor.token);
    expect(resent?.id, 'the resend carries the same scan id').toBe(firstSent?.id);

    await page.getByRole('link', { name: 'Mes scans', exact: true }).click();
    await expect(rowOf(scanTable(page, 'scansExposant'), visitor.name)).toHaveCount(1);
    expect(await scansOfVisitor(request, page, visitor)).toHaveLength(1);
  });
});
