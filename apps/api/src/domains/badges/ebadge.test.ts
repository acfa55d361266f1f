import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, registrations } from '../../db/schema';
import { createLinkSigner } from '../../lib/links';
import {
  call,
  createCollaborator,
  createExhibitor,
  createTestApp,
  createVisitor,
  login,
  tampered,
  TEST_JWT_SECRET,
  type TestContext,
} from '../../../test/helper';

interface ErrorBody {
  error: { status: number; message: string };
}
interface Registered {
  data: { registration: { id: number }; badgeUrl: string };
}
interface EbadgeBody {
  data: {
    registration: { id: number; type: string };
    name: string;
    company: string | null;
    token: string;
    qr: { size: number; path: string };
    downloadUrl: string;
  };
}

let ctx: TestContext;
let registered: Registered['data'];
/** The e-badge link's key, as the badge mail carries it. */
let ebadgeKey: string;
const links = createLinkSigner(TEST_JWT_SECRET);
const get = (url: string) => call(ctx.app, 'GET', url);
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://salon.example' });
  const res = await call(ctx.app, 'POST', 'visiteurs/putVisitor', {
    body: {
      data: {
        name: 'Leila Badge',
        email: 'leila@example.com',
        phone: '0600000010',
        company: 'Badge & Co',
        jobPosition: 'Acheteuse',
      },
    },
  });
  registered = res.json<Registered>().data;
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'leila@example.com'));
  ebadgeKey = /\/ebadge\?token=([\w-]+)/.exec(mail!.text)![1]!;
});
afterAll(() => ctx.close());

describe('GET registrations/downloadEbadgeFull/:id', () => {
  it('gives the badge PDF to the signed link the registration answered with', async () => {
    const res = await get(registered.badgeUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="badge-sib-2024-${registered.registration.id}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a link for another registration, a tampered, expired or missing one, and a session token', async () => {
    const other = await createVisitor(ctx.db);
    const token = tokenOf(registered.badgeUrl);
    const refusals = [
      `registrations/downloadEbadgeFull/${other.registration.id}?token=${token}`,
      `registrations/downloadEbadgeFull/${registered.registration.id}?token=${tampered(token)}`,
      `registrations/downloadEbadgeFull/${registered.registration.id}?token=${links.sign('badge_download', registered.registration.id, 60, new Date(Date.now() - 3_600_000))}`,
      `registrations/downloadEbadgeFull/${registered.registration.id}?token=${links.sign('newsletter_unsubscribe', registered.registration.id, null, new Date())}`,
    ];
    for (const url of refusals) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<ErrorBody>().error.message).toBe('Lien de téléchargement invalide ou expiré.');
    }
    const exhibitor = await createExhibitor(ctx.db);
    const session = await login(ctx.app, exhibitor.user.email);
    expect(
      (await get(`registrations/downloadEbadgeFull/${exhibitor.registration.id}?token=${session}`)).statusCode,
    ).toBe(403);
    expect((await get(`registrations/downloadEbadgeFull/${registered.registration.id}`)).statusCode).toBe(400);
  });

  it('gives nothing for a revoked registration, even with a valid link', async () => {
    const visitor = await createVisitor(ctx.db);
    const token = links.sign('badge_download', visitor.registration.id, 60, new Date());
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, visitor.registration.id));
    expect((await get(`registrations/downloadEbadgeFull/${visitor.registration.id}?token=${token}`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET registrations/ebadge', () => {
  it('shows the badge of the mailed link: holder, type, QR code and a download link', async () => {
    const res = await get(`registrations/ebadge?token=${ebadgeKey}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<EbadgeBody>();
    expect(data).toMatchObject({
      registration: { id: registered.registration.id, type: 'visitor' },
      name: 'Leila Badge',
      company: 'Badge & Co',
    });
    expect(data.qr.path).toMatch(/^M\d+ \d+h\d+/);
    expect((await get(data.downloadUrl)).statusCode).toBe(200);
  });

  it('does not take a download link, a made-up key, nor the key of a revoked badge', async () => {
    expect((await get(`registrations/ebadge?token=${tokenOf(registered.badgeUrl)}`)).statusCode).toBe(403);
    expect((await get('registrations/ebadge?token=abc.def.ghi')).statusCode).toBe(403);
    expect((await get(`registrations/ebadge?token=${crypto.randomUUID()}`)).statusCode).toBe(403);
    const visitor = await createVisitor(ctx.db);
    await ctx.db
      .update(registrations)
      .set({ revokedAt: new Date() })
      .where(eq(registrations.id, visitor.registration.id));
    const res = await get(`registrations/ebadge?token=${visitor.registration.badgeKey}`);
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.message).toBe('Ce lien n’est pas valide ou a expiré.');
  });
});

describe('signed-in badge links and mails', () => {
  it('gives the holder and a collaborator’s exhibitor a download link, and nobody else', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const stranger = await createExhibitor(ctx.db);
    const asExhibitor = await login(ctx.app, exhibitor.user.email);
    const asCollaborator = await login(ctx.app, collaborator.user.email);
    const asStranger = await login(ctx.app, stranger.user.email);
    const link = (id: number, token?: string) => call(ctx.app, 'POST', `registrations/${id}/badge-link`, { token });

    for (const [id, token] of [
      [exhibitor.registration.id, asExhibitor],
      [collaborator.registration.id, asExhibitor],
      [collaborator.registration.id, asCollaborator],
    ] as const) {
      const res = await link(id, token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(res.json<{ data: { url: string } }>().data.url)).statusCode).toBe(200);
    }
    expect((await link(exhibitor.registration.id, asCollaborator)).statusCode).toBe(404);
    expect((await link(collaborator.registration.id, asStranger)).statusCode).toBe(404);
    expect((await link(registered.registration.id, asStranger)).statusCode).toBe(404);
    expect((await link(exhibitor.registration.id)).statusCode).toBe(401);
  });

  it('mails the badge again to its holder on the exhibitor’s request, and refuses others', async () => {
    const exhibitor = await createExhibitor(ctx.db);
    const collaborator = await createCollaborator(ctx.db, exhibitor);
    const stranger = await createExhibitor(ctx.db);
    const send = (token: string) =>
      call(ctx.app, 'POST', `registrations/sendEmailEBadge/${collaborator.registration.id}`, { token });
    expect((await send(await login(ctx.app, stranger.user.email))).statusCode).toBe(404);
    const res = await send(await login(ctx.app, exhibitor.user.email));
    expect(res.statusCode, res.body).toBe(200);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, collaborator.user.email));
    expect(mails.map((m) => m.attachments)).toEqual([
      [{ kind: 'badge', registrationId: collaborator.registration.id }],
    ]);
  });
});
