import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../src/db/schema';
import type { AdminArea, AdminCase } from './area';

/** A mail the worker gave up on, to be read or sent again. */
export async function failedMail(c: AdminCase, to = 'echec@example.com'): Promise<number> {
  const [row] = await c.ctx.db
    .insert(mailOutbox)
    .values({
      to,
      subject: 'Votre badge',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

const encode = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

/** The mail outbox and the newsletter subscribers. */
export const mailDashboardArea: AdminArea = {
  rows: [
    {
      route: 'GET /backend/api/admin/mails',
      when: 'lists the failed mails of the outbox',
      request: () => ({ url: `admin/mails?filter=${encode({ status: 'failed' })}` }),
    },
    {
      route: 'GET /backend/api/admin/mails/:id',
      when: 'reads one mail of the outbox with its bodies',
      request: async (c) => ({ url: `admin/mails/${await failedMail(c)}` }),
    },
    {
      route: 'POST /backend/api/admin/mails/:id/retry',
      when: 'sends a failed mail again (a fresh one)',
      request: async (c) => ({ url: `admin/mails/${await failedMail(c)}/retry` }),
      check: async (res, c, request) => {
        const id = Number(/mails\/(\d+)\/retry/.exec(request.url)![1]);
        const [mail] = await c.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(mail?.status).toBe(res.statusCode === 200 ? 'pending' : 'failed');
      },
    },
    {
      route: 'GET /backend/api/admin/mails/:id/eml',
      when: 'downloads a mail as an .eml file',
      request: async (c) => ({ url: `admin/mails/${await failedMail(c)}/eml` }),
    },
    {
      route: 'GET /backend/api/admin/newsletters',
      when: 'lists the confirmed newsletter subscribers',
      request: () => ({ url: `admin/newsletters?filter=${encode({ state: 'confirmed' })}` }),
    },
    { route: 'GET /backend/api/admin/newsletters/export', when: 'exports the newsletter subscribers' },
  ],
  writes: {
    'POST /backend/api/admin/mails/:id/retry': async (c) => {
      const id = await failedMail(c);
      return { url: `admin/mails/${id}/retry`, recordId: String(id) };
    },
  },
};
