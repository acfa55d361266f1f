import { createPublicKey, generateKeyPairSync, randomBytes, sign, webcrypto } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_TYPES, type RegistrationType } from '@salon/shared';
import { badgesRoutes } from './badges.routes';
import { renderBadgePdf, type BadgeData } from './badge-pdf';
import { qrMatrix, qrRuns, qrSvgPath } from './badge-qr';
import { createBadgeSigner, verifyBadgeToken, type BadgeClaims } from './badge-token';
import { BADGE_EVENT, decodeBadgeQrFromPdf, readBadgeQrFromPdf } from './badge-pdf.test-support';

const newPem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const PEM = newPem();
const signer = createBadgeSigner(PEM);
const other = createBadgeSigner(newPem());

const CLAIMS: BadgeClaims = { registrationId: 4321, type: 'visitor', eventId: 7, issuedAt: 1_716_000_000 };

/** Rebuilds a token from its parts, for tampering. */
const parts = (token: string) => {
  const [payload = '', signature = ''] = token.split('.');
  return { payload: Buffer.from(payload, 'base64url'), signature: Buffer.from(signature, 'base64url') };
};
const join = (payload: Buffer, signature: Buffer) =>
  `${payload.toString('base64url')}.${signature.toString('base64url')}`;

describe('badge token', () => {
  it('gives back the claims of a token it signed, for every type', () => {
    for (const type of REGISTRATION_TYPES) {
      const claims = { ...CLAIMS, type };
      const token = signer.sign(claims);
      expect(verifyBadgeToken(token, signer.publicKey)).toEqual(claims);
      expect(signer.verify(token)).toEqual(claims);
    }
    const max = { registrationId: 2 ** 32 - 1, type: 'others' as const, eventId: 2 ** 32 - 1, issuedAt: 2 ** 32 - 1 };
    expect(signer.verify(signer.sign(max))).toEqual(max);
  });

  it('is short, URL-safe and carries no personal data', () => {
    const token = signer.sign(CLAIMS);
    expect(token).toMatch(/^[A-Za-z0-9_-]{19}\.[A-Za-z0-9_-]{86}$/);
    expect(parts(token).payload).toHaveLength(14);
    // A version 6 code (41 modules) at level M: the smallest that holds it.
    expect(qrMatrix(token).size).toBe(41);
  });

  it('verifies with the raw base64url key, the PEM and the JWK', () => {
    const token = signer.sign(CLAIMS);
    expect(verifyBadgeToken(token, signer.publicKeyRaw)).toEqual(CLAIMS);
    expect(verifyBadgeToken(token, signer.publicKey.export({ format: 'pem', type: 'spki' }).toString())).toEqual(
      CLAIMS,
    );
    expect(verifyBadgeToken(token, createPublicKey({ key: { ...signer.publicKeyJwk }, format: 'jwk' }))).toEqual(
      CLAIMS,
    );
  });

  it('rejects a forged token: a random signature', () => {
    const { payload } = parts(signer.sign(CLAIMS));
    for (let i = 0; i < 20; i++) expect(verifyBadgeToken(join(payload, randomBytes(64)), signer.publicKey)).toBeNull();
  });

  it('rejects a token with any payload byte flipped', () => {
    const { payload, signature } = parts(signer.sign(CLAIMS));
    for (let i = 0; i < payload.length; i++) {
      const altered = Buffer.from(payload);
      altered[i]! ^= 0x01;
      expect(verifyBadgeToken(join(altered, signature), signer.publicKey)).toBeNull();
    }
  });

  it('rejects a token whose type was changed (visitor made exhibitor)', () => {
    const { payload, signature } = parts(signer.sign(CLAIMS));
    const altered = Buffer.from(payload);
    altered[1] = REGISTRATION_TYPES.indexOf('exhibitor');
    expect(verifyBadgeToken(join(altered, signature), signer.publicKey)).toBeNull();
  });

  it('rejects a signature byte flipped, and another spelling of the same bytes', () => {
    const token = signer.sign(CLAIMS);
    const { payload, signature } = parts(token);
    const flipped = Buffer.from(signature);
    flipped[10]! ^= 0x80;
    expect(verifyBadgeToken(join(payload, flipped), signer.publicKey)).toBeNull();
    // The 19th character carries 2 bits and 4 unused ones: changing those decodes the same.
    const [head = '', tail = ''] = token.split('.');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(head.at(-1)!);
    const respelled = `${head.slice(0, -1)}${alphabet[last ^ 0b0001]}.${tail}`;
    expect(Buffer.from(respelled.split('.')[0]!, 'base64url')).toEqual(payload);
    expect(verifyBadgeToken(respelled, signer.publicKey)).toBeNull();
  });

  it('rejects a token signed by another key', () => {
    const token = other.sign(CLAIMS);
    expect(other.verify(token)).toEqual(CLAIMS);
    expect(verifyBadgeToken(token, signer.publicKey)).toBeNull();
    expect(verifyBadgeToken(token, signer.publicKeyRaw)).toBeNull();
  });

  it('rejects another version even when genuinely signed', () => {
    const { payload } = parts(signer.sign(CLAIMS));
    const v2 = Buffer.from(payload);
    v2[0] = 2;
    const key = signer.publicKey;
    const token = join(v2, sign(null, v2, PEM));
    expect(verifyBadgeToken(token, key)).toBeNull();
    // An unknown type index, genuinely signed, is no badge either.
    const badType = Buffer.from(payload);
    badType[1] = REGISTRATION_TYPES.length;
    expect(verifyBadgeToken(join(badType, sign(null, badType, PEM)), key)).toBeNull();
    // A longer payload, genuinely signed: wrong length.
    const longer = Buffer.concat([payload, Buffer.from([0, 0, 0])]);
    expect(verifyBadgeToken(join(longer, sign(null, longer, PEM)), key)).toBeNull();
  });

  it('rejects truncated tokens', () => {
    const token = signer.sign(CLAIMS);
    for (let length = 0; length < token.length; length += 1) {
      expect(verifyBadgeToken(token.slice(0, length), signer.publicKey)).toBeNull();
    }
    expect(verifyBadgeToken(token.slice(1), signer.publicKey)).toBeNull();
    expect(verifyBadgeToken(token.split('.')[0], signer.publicKey)).toBeNull();
  });

  it('returns null on garbage without throwing', () => {
    const token = signer.sign(CLAIMS);
    const garbage: unknown[] = [
      '',
      '.',
      '..',
      'SIB1.',
      'hello world',
      'https://example.com/?badge=1',
      `${token} `,
      ` ${token}`,
      `${token}=`,
      `${token}.x`,
      token.replace('.', '..'),
      token.replace('.', ''),
      token.toUpperCase(),
      '🙂'.repeat(53),
      'A'.repeat(100_000),
      `${'A'.repeat(19)}.${'A'.repeat(86)}`,
      null,
      undefined,
      42,
      {},
      [token],
    ];
    for (const value of garbage) expect(verifyBadgeToken(value, signer.publicKey)).toBeNull();
    // A key that is no key: still no exception.
    expect(verifyBadgeToken(token, 'not-a-key')).toBeNull();
  });

  it('refuses to sign claims that do not fit, and keys that are not Ed25519', () => {
    expect(() => signer.sign({ ...CLAIMS, registrationId: -1 })).toThrow(RangeError);
    expect(() => signer.sign({ ...CLAIMS, eventId: 2 ** 32 })).toThrow(RangeError);
    expect(() => signer.sign({ ...CLAIMS, issuedAt: 1.5 })).toThrow(RangeError);
    expect(() => signer.sign({ ...CLAIMS, type: 'speaker' as RegistrationType })).toThrow(RangeError);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => createBadgeSigner(rsa.toString())).toThrow(/Ed25519/);
  });
});

describe('badge QR code', () => {
  it('gives an SVG path of merged runs covering exactly the dark modules', () => {
    const token = signer.sign(CLAIMS);
    const matrix = qrMatrix(token);
    const { size, path } = qrSvgPath(token);
    expect(size).toBe(matrix.size);
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    const dark = matrix.modules.reduce((n, m) => n + m, 0);
    const widths = [...path.matchAll(/h(\d+)v/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(widths).toBe(dark);
    // Runs are maximal: two runs on a row never touch, so no rectangle could be merged further.
    const runs = qrRuns(matrix);
    expect(runs.length).toBeLessThan(dark);
    for (const [i, run] of runs.entries()) {
      const next = runs[i + 1];
      if (next?.y === run.y) expect(next.x).toBeGreaterThan(run.x + run.width);
    }
  });
});

const HOURS = [
  { day: '2024-05-29', opens: '09:00', closes: '19:00' },
  { day: '2024-05-30', opens: '09:00', closes: '19:00' },
  { day: '2024-05-31', opens: '09:00:00', closes: '19:30:00' },
  { day: '2024-06-01', opens: '09:00', closes: '18:00' },
];

const badge = (overrides: Partial<BadgeData> = {}): BadgeData => ({
  token: signer.sign(CLAIMS),
  type: 'visitor',
  name: 'Fatima Zahra El Amrani',
  company: 'Atlas Béton Industrie',
  jobPosition: 'Directrice technique',
  lang: 'fr',
  event: BADGE_EVENT,
  hours: HOURS,
  issuedAt: new Date('2024-05-18T10:00:00Z'),
  ...overrides,
});

/** The PDF's text with every run of spaces and line breaks made one space. */
async function pdfTextOf(body: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/\s+/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('badge PDF', () => {
  it('shows the show, the holder, the type, the hours and the entry rule, in French', async () => {
    const pdf = await renderBadgePdf(badge());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A6 portrait: 105 × 148 mm.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 297\.6\d* 419\.5\d*\]/);
    const { text, pages } = await pdfTextOf(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Salon International du Bâtiment',
      '6e édition',
      'Du 29 mai au 1er juin 2024',
      'Marrakech',
      'Fatima Zahra El Amrani',
      'Atlas Béton Industrie',
      'Directrice technique',
      'VISITEUR',
      'Horaires d’ouverture',
      'Mercredi 29 mai 9h00 – 19h00',
      'Jeudi 30 mai 9h00 – 19h00',
      'Vendredi 31 mai 9h00 – 19h30',
      'Samedi 1er juin 9h00 – 18h00',
      'Entrée gratuite sur présentation de ce badge, d’une invitation ou d’une carte de visite.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(signer.sign(CLAIMS).slice(0, 19));
  });

  it('shows the same in English', async () => {
    const { text } = await pdfTextOf(await renderBadgePdf(badge({ lang: 'en', type: 'exhibitor' })));
    for (const expected of [
      'Salon International du Bâtiment',
      '6th edition',
      'From 29 May to 1 June 2024',
      'Marrakech',
      'Fatima Zahra El Amrani',
      'Atlas Béton Industrie',
      'Directrice technique',
      'EXHIBITOR',
      'Opening hours',
      'Wednesday 29 May 9:00 – 19:00',
      'Saturday 1 June 9:00 – 18:00',
      'Free entry with this badge, an invitation or a business card.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Entrée gratuite');
  });

  it('labels each type in each language', async () => {
    const labels: Record<RegistrationType, [string, string]> = {
      visitor: ['VISITEUR', 'VISITOR'],
      exhibitor: ['EXPOSANT', 'EXHIBITOR'],
      collaborator: ['COLLABORATEUR', 'COLLABORATOR'],
      others: ['AUTRE', 'OTHER'],
    };
    for (const type of REGISTRATION_TYPES) {
      const [fr, en] = labels[type];
      expect((await pdfTextOf(await renderBadgePdf(badge({ type })))).text).toContain(fr);
      expect((await pdfTextOf(await renderBadgePdf(badge({ type, lang: 'en' })))).text).toContain(en);
    }
  });

  it('keeps long names and companies on the page, and prints without company or position', async () => {
    const long = badge({
      name: 'Mohammed Abdelkader Benjelloun-Tazi El Idrissi Alaoui Ben Abdallah El Fassi Lahlou Bennani',
      company: 'Société Générale des Travaux Publics et du Bâtiment du Grand Sud Marocain et des Régions Limitrophes',
      jobPosition: 'Responsable des achats, de la logistique et des relations fournisseurs pour la région Souss-Massa',
    });
    const { text, pages } = await pdfTextOf(await renderBadgePdf(long));
    expect(pages).toBe(1);
    expect(text).toContain('Mohammed Abdelkader');
    expect(text).toContain('…');
    const bare = await pdfTextOf(await renderBadgePdf(badge({ company: null, jobPosition: undefined, name: 'Jo' })));
    expect(bare.pages).toBe(1);
    expect(bare.text).toContain('Jo');
    expect(bare.text).not.toContain('Atlas');
  });

  it('gives the same bytes for the same badge', async () => {
    const a = await renderBadgePdf(badge());
    const b = await renderBadgePdf(badge());
    expect(a.equals(b)).toBe(true);
    expect(a.equals(await renderBadgePdf(badge({ issuedAt: new Date('2024-05-19T10:00:00Z') })))).toBe(false);
  });

  it('has a QR code of at least 45 mm that scans back to a token that verifies', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const token = signer.sign({ ...CLAIMS, type: 'exhibitor', registrationId: lang === 'fr' ? 1 : 99_999 });
      const pdf = await renderBadgePdf(badge({ token, lang, type: 'exhibitor' }));
      const reading = await readBadgeQrFromPdf(pdf);
      expect(reading.text).toBe(token);
      // The finder patterns' outer corners: 41 of the 41 modules, drawn on 46 mm.
      expect(reading.sideMm).toBeGreaterThanOrEqual(45);
      expect(verifyBadgeToken(await decodeBadgeQrFromPdf(pdf), signer.publicKeyRaw)).toMatchObject({
        type: 'exhibitor',
        registrationId: lang === 'fr' ? 1 : 99_999,
      });
    }
  });
});

describe('GET /badges/public-key', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(badgesRoutes, { signer });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves the key, cacheable, and the served key checks the badges', async () => {
    const res = await app.inject({ method: 'GET', url: '/badges/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { data } = res.json<{ data: { algorithm: string; publicKey: string; jwk: webcrypto.JsonWebKey } }>();
    expect(data).toEqual({
      algorithm: 'Ed25519',
      publicKey: signer.publicKeyRaw,
      jwk: { kty: 'OKP', crv: 'Ed25519', x: signer.publicKeyRaw },
    });
    expect(Buffer.from(data.publicKey, 'base64url')).toHaveLength(32);
    const token = signer.sign(CLAIMS);
    expect(verifyBadgeToken(token, data.publicKey)).toEqual(CLAIMS);
    expect(verifyBadgeToken(other.sign(CLAIMS), data.publicKey)).toBeNull();

    // As the gate screens will: WebCrypto with the JWK.
    const key = await webcrypto.subtle.importKey('jwk', data.jwk, { name: 'Ed25519' }, false, ['verify']);
    const { payload, signature } = parts(token);
    expect(await webcrypto.subtle.verify({ name: 'Ed25519' }, key, signature, payload)).toBe(true);
  });
});
