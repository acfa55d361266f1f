import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { renderBadgePdf, type BadgeData } from './badge-pdf';
import { createBadgePdfPool } from './badge-pdf-pool';
import { createBadgeSigner } from './badge-token';
import { BADGE_EVENT } from './badge-pdf.test-support';

const signer = createBadgeSigner(
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
);

const badge = (registrationId: number, overrides: Partial<BadgeData> = {}): BadgeData => ({
  token: signer.sign({ registrationId, type: 'visitor', eventId: 7, issuedAt: 1_716_000_000 + registrationId }),
  type: 'visitor',
  name: 'Omar Tazi',
  company: 'Menara Menuiserie',
  jobPosition: null,
  lang: 'fr',
  event: BADGE_EVENT,
  hours: [{ day: '2024-05-29', opens: '09:00', closes: '19:00' }],
  issuedAt: new Date(Date.UTC(2024, 4, 18, 10) + registrationId * 1000),
  ...overrides,
});

describe('badge PDFs drawn in a worker thread', () => {
  const pool = createBadgePdfPool();
  afterAll(() => pool.close());

  it('gives the same bytes as the badge drawn in this thread, for badges asked at once', async () => {
    const badges = [badge(1), badge(2, { lang: 'en', type: 'exhibitor' }), badge(3, { name: 'Nadia Berrada' })];
    const inThread = await Promise.all(badges.map((b) => pool.render(b)));
    for (const [i, b] of badges.entries()) {
      expect(inThread[i]!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(inThread[i]!.equals(await renderBadgePdf(b))).toBe(true);
    }
    expect(inThread[0]!.equals(inThread[1]!)).toBe(false);
  });

  it('fails the badge, not the thread, on data it cannot draw, and refuses badges once closed', async () => {
    await expect(pool.render(badge(4, { type: 'nobody' as BadgeData['type'] }))).rejects.toThrow(/badge PDF/);
    expect((await pool.render(badge(5))).equals(await renderBadgePdf(badge(5)))).toBe(true);
    const other = createBadgePdfPool();
    const drawing = other.render(badge(6));
    await other.close();
    await expect(drawing).rejects.toThrow(/closed/);
    await expect(other.render(badge(7))).rejects.toThrow(/closed/);
  });
});
