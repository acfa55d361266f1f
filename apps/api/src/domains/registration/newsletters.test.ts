import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsletters } from '../../db/schema';
import { call, tampered } from '../../../test/helper';
import {
  ageMails,
  ctx,
  type ErrorBody,
  fieldErrors,
  mailsTo,
  post,
  useRegistrationScene,
} from './registration.test-support';

/** The newsletter form: a confirmation link, a one-click unsubscribe, a budget of mails a day. */

useRegistrationScene();

describe('POST newsletters', () => {
  const confirmToken = (text: string) => /action=confirm&token=([\w.-]+)/.exec(text)?.[1] ?? '';
  const unsubscribeToken = (text: string) => /action=unsubscribe&token=([\w.-]+)/.exec(text)?.[1] ?? '';

  it('stores the address unconfirmed and mails a confirmation link with a one-click unsubscribe', async () => {
    const res = await post('newsletters', { data: { email: '  News@Example.com ' } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'news@example.com'));
    expect(row).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    const [mail] = await mailsTo('news@example.com');
    expect(mail!.text).toContain('https://salon.example/newsletter?action=confirm&token=');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.headers!['List-Unsubscribe']).toContain(
      'https://salon.example/backend/api/newsletters/unsubscribe?token=',
    );

    const confirm = await call(ctx.app, 'POST', `newsletters/confirm?token=${confirmToken(mail!.text)}`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [confirmed] = await ctx.db.select().from(newsletters).where(eq(newsletters.id, row!.id));
    expect(confirmed!.confirmedAt).not.toBeNull();
  });

  it('mails an English subscriber links to the confirmation and unsubscribe pages in English', async () => {
    expect((await post('newsletters', { data: { email: 'reader@example.com', lang: 'en' } })).statusCode).toBe(201);
    const [mail] = await mailsTo('reader@example.com');
    expect(mail!.text).toMatch(
      /^Confirm my subscription: https:\/\/salon\.example\/newsletter\?action=confirm&token=[\w.-]+&lang=en$/m,
    );
    expect(mail!.text).toMatch(
      /^Unsubscribe: https:\/\/salon\.example\/newsletter\?action=unsubscribe&token=[\w.-]+&lang=en$/m,
    );
    // The HTML part shows the word, not the long address that widened the mail on a phone.
    expect(mail!.html).toMatch(
      /<a href="https:\/\/salon\.example\/newsletter\?action=unsubscribe&amp;token=[\w.-]+&amp;lang=en"[^>]*>Unsubscribe<\/a>/,
    );
    expect(mail!.html).not.toMatch(/>https:\/\/salon\.example\/newsletter/);
  });

  it('sends the List-Unsubscribe address, opened rather than posted, to the unsubscribe page in the subscriber’s language, unsubscribing nobody by itself', async () => {
    expect((await post('newsletters', { data: { email: 'opener@example.com', lang: 'en' } })).statusCode).toBe(201);
    const [mail] = await mailsTo('opener@example.com');
    const oneClick = /^<(https:\/\/salon\.example\/backend\/api\/[^>]+)>/.exec(
      mail!.headers!['List-Unsubscribe']!,
    )?.[1];
    const res = await call(
      ctx.app,
      'GET',
      new URL(oneClick!).pathname.replace('/backend/api/', '') + new URL(oneClick!).search,
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(
      `https://salon.example/newsletter?action=unsubscribe&token=${unsubscribeToken(mail!.text)}&lang=en`,
    );
    const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'opener@example.com'));
    expect(row!.unsubscribedAt).toBeNull();
  });

  it('sends a GET of the unsubscribe address whose token is no token (any script, any sign) to the page with the token encoded, never a 5xx', async () => {
    const typed = '\u202e\u0645\u0631\u0643\u0632 &lang=x#';
    const res = await call(ctx.app, 'GET', `newsletters/unsubscribe?token=${encodeURIComponent(typed)}`);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(
      `https://salon.example/newsletter?action=unsubscribe&token=${encodeURIComponent(typed)}`,
    );
  });

  it('answers a second subscription like the first; a waiting address gets its link again, a confirmed one nothing', async () => {
    const first = await post('newsletters', { data: { email: 'twice@example.com' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('newsletters', { data: { email: 'TWICE@example.com', lang: 'en' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ data: { email: 'TWICE@example.com' }, meta: {} });
    const mails = await mailsTo('twice@example.com');
    // Sent again in the language the address subscribed in, and both links work.
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirmez votre inscription — newsletter du Salon International du Bâtiment',
      'Confirmez votre inscription — newsletter du Salon International du Bâtiment',
    ]);
    const confirm = await call(ctx.app, 'POST', `newsletters/confirm?token=${confirmToken(mails[1]!.text)}`);
    expect(confirm.statusCode, confirm.body).toBe(200);

    const confirmed = await post('newsletters', { data: { email: 'twice@example.com' } });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toEqual({ data: { email: 'twice@example.com' }, meta: {} });
    expect(await mailsTo('twice@example.com')).toHaveLength(2);
    const rows = await ctx.db
      .select()
      .from(newsletters)
      .where(sql`lower(${newsletters.email}) = 'twice@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confirmedAt).not.toBeNull();
  });

  it('sends an address at most two confirmation mails a day, whatever the number of subscriptions', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await post('newsletters', { data: { email: 'spam.news@example.com' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await mailsTo('spam.news@example.com')).toHaveLength(2);
    await ageMails('spam.news@example.com', '1 day');
    await post('newsletters', { data: { email: 'spam.news@example.com' } });
    expect(await mailsTo('spam.news@example.com')).toHaveLength(3);
  });

  it('unsubscribes in one click (the POST mail clients make), after which the address may subscribe again', async () => {
    await post('newsletters', { data: { email: 'bye@example.com' } });
    const [mail] = await mailsTo('bye@example.com');
    const token = unsubscribeToken(mail!.text);
    const res = await call(ctx.app, 'POST', `newsletters/unsubscribe?token=${token}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(newsletters).where(eq(newsletters.email, 'bye@example.com'));
    expect(row!.unsubscribedAt).not.toBeNull();
    expect((await post('newsletters', { data: { email: 'bye@example.com' } })).statusCode).toBe(201);
  });

  it('refuses an address that is not one, and links that are forged or for something else', async () => {
    const res = await post('newsletters', { data: { email: 'pas valide' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json<ErrorBody>())).toEqual({ email: 'email' });
    await post('newsletters', { data: { email: 'links@example.com' } });
    const [mail] = await mailsTo('links@example.com');
    const unsubscribe = unsubscribeToken(mail!.text);
    // An unsubscribe link does not confirm, and a tampered one does nothing.
    expect((await call(ctx.app, 'POST', `newsletters/confirm?token=${unsubscribe}`)).statusCode).toBe(400);
    const refused = await call(ctx.app, 'POST', `newsletters/confirm?token=${tampered(confirmToken(mail!.text))}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.message).toBe('Ce lien n’est pas valide ou a expiré.');
    const [row] = await ctx.db
      .select()
      .from(newsletters)
      .where(and(eq(newsletters.email, 'links@example.com')));
    expect(row!.confirmedAt).toBeNull();
  });
});
