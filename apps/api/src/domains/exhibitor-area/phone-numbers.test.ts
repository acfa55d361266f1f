import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createCollaborator, createExhibitor, createVisitor, signSession } from '../../../test/fixtures';
import { call, withoutRequestId } from '../../../test/helper';
import { routeCounts } from '../../../test/metrics-count';
import { COLLABORATOR_EXISTS } from './collaborators.service';
import {
  accept,
  addCollaborator,
  ctx,
  exhibitor,
  fresh,
  invitationSecret,
  lastMailTo,
  other,
  token,
  useCollaboratorsScene,
  userRow,
} from './collaborators.test-support';

/**
 * A phone is contact data, not an identifier (decision 027). No answer of the
 * exhibitor area tells whether a number is another account's.
 */

useCollaboratorsScene();

const errorBody = (res: LightMyRequestResponse) => (withoutRequestId(res) as { error: unknown }).error;
/** An answer without what differs from one call to the next (the saved phone, the time of the save). */
const shapeOf = (res: LightMyRequestResponse) =>
  JSON.stringify(res.json())
    .replaceAll(/"phone":"[^"]*"/g, '')
    .replaceAll(/"updatedAt":"[^"]+"/g, '');

describe('a phone another account has', () => {
  it('is saved in Informations with the same answer as a phone no one has', async () => {
    const ex = await createExhibitor(ctx.db);
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    const save = (phone: string) =>
      call(ctx.app, 'PUT', `users/${ex.user.id}`, {
        token: t,
        body: { name: ex.user.name, email: ex.user.email, phone, company: ex.user.company },
      });
    const free = await save('+212 6 99 12 34 56');
    // Another exhibitor's phone, written another way.
    const taken = await save(other.user.phone!.replace('+212 ', '0'));
    expect([free.statusCode, taken.statusCode]).toEqual([200, 200]);
    expect(shapeOf(taken)).toBe(shapeOf(free));
    expect(taken.json<{ data: { phone: string } }>().data.phone).toBe(other.user.phone!.replace('+212 ', '0'));
    expect((await userRow(ex.user.id)).phoneNormalized).toBe(other.user.phoneNormalized);
  });

  it('is saved in a collaborator’s Informations too', async () => {
    const collaborator = await createCollaborator(ctx.db, await createExhibitor(ctx.db));
    const res = await call(ctx.app, 'PUT', `users/${collaborator.user.id}`, {
      token: await signSession(collaborator.user.id, collaborator.user.tokenVersion),
      body: { name: collaborator.user.name, email: collaborator.user.email, phone: other.user.phone },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(collaborator.user.id)).phone).toBe(other.user.phone);
  });

  it('does not stop an exhibitor adding a collaborator: the account is made and its access mailed, as for a free phone', async () => {
    const form = { ...fresh(), phone: other.user.phone! };
    const res = await addCollaborator(form);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ data: { id: number; registrationId: number } }>().data;
    expect(await userRow(id)).toMatchObject({ exhibitorId: exhibitor.user.id, phone: other.user.phone });
    expect((await lastMailTo(form.email))?.kind).toBe('access');
  });

  it('does not stop the person an exhibitor invited from accepting', async () => {
    const visitor = await createVisitor(ctx.db, { phone: other.user.phone! });
    expect((await addCollaborator({ ...fresh(), email: visitor.user.email })).statusCode).toBe(201);
    const res = await accept({ token: await invitationSecret(visitor.user.email), password: 'Nouveau-Mot2passe' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await userRow(visitor.user.id)).toMatchObject({
      type: 'collaborator',
      exhibitorId: exhibitor.user.id,
      phone: other.user.phone,
    });
  });
});

describe('a phone already in the exhibitor’s own team', () => {
  it('is refused with the specification’s message, and nothing is made or sent: the exhibitor’s own, a collaborator’s, an open invitation’s', async () => {
    const ex = await createExhibitor(ctx.db, { phone: '+212 6 11 00 00 01' });
    const t = await signSession(ex.user.id, ex.user.tokenVersion);
    await createCollaborator(ctx.db, ex, { phone: '+212 6 11 00 00 02' });
    const visitor = await createVisitor(ctx.db);
    const invited = await addCollaborator({ ...fresh(), email: visitor.user.email, phone: '06 11 00 00 03' }, t);
    expect(invited.statusCode).toBe(201);
    const before = await routeCounts(ctx.app, 'POST', 'auth/local/register/');
    for (const phone of ['06 11 00 00 01', '00212611000002', '+212 6 11 00 00 03']) {
      const form = { ...fresh(), phone };
      const res = await addCollaborator(form, t);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toEqual({
        status: 400,
        name: 'ValidationError',
        message: COLLABORATOR_EXISTS,
        details: {},
      });
      expect(await ctx.db.select().from(users).where(eq(users.email, form.email))).toEqual([]);
      expect(await lastMailTo(form.email)).toBeUndefined();
    }
    const after = await routeCounts(ctx.app, 'POST', 'auth/local/register/');
    expect(after.refused - before.refused).toBe(3);
    // The same phones in another exhibitor's team are no concern of this one.
    expect((await addCollaborator({ ...fresh(), phone: '06 11 00 00 02' }, token)).statusCode).toBe(201);
  });
});
