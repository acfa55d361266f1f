import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { BadgeData } from '../badges/badge-pdf';
import { createBadgeSigner } from '../badges/badge-token';
import { BADGE_EVENT } from '../badges/badge-helpers';

const signer = createBadgeSigner(
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
);

const badge = (registrationId: number, overrides: Partial<BadgeData> = {}): BadgeData => ({
  token: signer.sign({ registrationId, type: 'exhibitor', eventId: 7, issuedAt: 1_716_000_000 }),
  type: 'exhibitor',
  name: 'Fatima Zahra El Amrani',
  company: 'Atlas Béton Industrie',
  jobPosition: 'Directrice technique',
  lang: 'fr',
  event: BADGE_EVENT,
  hours: [
    { day: '2024-05-29', opens: '09:00', closes: '19:00' },
    { day: '2024-06-01', opens: '09:00', closes: '18:00' },
  ],
  issuedAt: new Date('2024-05-18T10:00:00Z'),
  ...overrides,
});

describe('standard font metrics built once per process', () => {
  it('gives the same bytes as a document whose fonts pdfkit built itself', async () => {
    // A fresh copy of the modules: nothing kept yet, so the first badge is pdfkit's alone.
    vi.resetModules();
    const { renderBadgePdf } = await import('../badges/badge-pdf');
    const { sharedFontNames } = await import('./pdf/document');
    expect(sharedFontNames()).toEqual([]);
    const first = await renderBadgePdf(badge(1));
    expect(sharedFontNames()).toEqual(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique']);

    // The same badge again, and others, now drawn with the tables kept from the first.
    expect((await renderBadgePdf(badge(1))).equals(first)).toBe(true);
    const english = badge(2, { lang: 'en', company: null, name: 'Jo' });
    const kept = await renderBadgePdf(english);
    vi.resetModules();
    const fresh = await import('../badges/badge-pdf');
    expect((await fresh.renderBadgePdf(english)).equals(kept)).toBe(true);
    expect(kept.equals(first)).toBe(false);
  });
});
