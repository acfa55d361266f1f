import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { contactMessages, mailOutbox } from '../../db/schema';
import { call, createTestApp, type TestContext } from '../../../test/helper';

interface ErrorBody {
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

const ORGANISER = 'organisation@salon.example';
let ctx: TestContext;
let address = 0;
const send = (body: unknown, remoteAddress = `10.3.0.${++address}`) =>
  call(ctx.app, 'POST', 'contact', { body, remoteAddress });

const form = {
  name: 'Karim Bennani',
  email: 'karim@example.com',
  phone: '+212 6 12 34 56 78',
  company: 'Bennani Travaux',
  message: 'Bonjour,\nPourriez-vous m’envoyer le plan des halls ?',
};

beforeAll(async () => {
  ctx = await createTestApp({ ORGANISER_EMAIL: ORGANISER });
});
afterAll(() => ctx.close());

describe('POST contact', () => {
  it('stores the message and queues a mail to the organiser in the same request', async () => {
    const res = await send({ data: { ...form, name: '  Karim Bennani ' } });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: { id: number } }>();
    expect(data).toEqual({ id: expect.any(Number) as unknown });

    const [stored] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
    expect(stored).toMatchObject({ ...form, handledAt: null });

    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, ORGANISER));
    expect(mails.length).toBe(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      subject: 'Nouveau message de contact — Karim Bennani',
      status: 'pending',
      sentAt: null,
    });
    for (const value of [form.name, form.email, form.phone, form.company, form.message]) {
      expect(mail.text).toContain(value);
    }
  });

  it('accepts the form without the data wrapper and without a company', async () => {
    const { company: _company, ...withoutCompany } = form;
    const res = await send({
      ...withoutCompany,
      email: 'sans.societe@example.com',
      name: 'Nadia\r\nBcc: x@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json<{ data: { id: number } }>().data.id));
    expect(stored!.company).toBeNull();
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Nouveau message de contact — Nadia Bcc: x@example.com'));
    expect(mail?.text).toContain('Société : —');
  });

  it('sends to contact@example.com when ORGANISER_EMAIL is not set', () => {
    const config = loadConfig({ DATA_DIR: ctx.config.DATA_DIR, JWT_SECRET: ctx.config.JWT_SECRET });
    expect(config.ORGANISER_EMAIL).toBe('contact@example.com');
  });

  it('answers an invalid form with a 400 naming each field, and stores nothing', async () => {
    const before = await ctx.db.select().from(contactMessages);
    const res = await send({ data: { name: '', email: 'karim@', phone: ' ', message: '' } });
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>().error;
    expect(error).toMatchObject({ status: 400, name: 'ValidationError', message: 'Données invalides.' });
    expect(error.details).toEqual({
      errors: [
        { path: ['body', 'name'], message: 'required' },
        { path: ['body', 'email'], message: 'email' },
        { path: ['body', 'phone'], message: 'required' },
        { path: ['body', 'message'], message: 'required' },
      ],
    });
    expect((await ctx.db.select().from(contactMessages)).length).toBe(before.length);
  });

  it('refuses a message over 5000 characters', async () => {
    const res = await send({ data: { ...form, message: 'x'.repeat(5001) } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.details.errors).toEqual([
      { path: ['body', 'message'], message: expect.any(String) as unknown },
    ]);
  });

  it('allows 5 messages per minute from one address, then answers 429', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 5; i++) expect((await send({}, ip)).statusCode).toBe(400);
    const limited = await send({ data: form }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorBody>().error.status).toBe(429);
  });
});
