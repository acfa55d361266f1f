import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID, createClock } from '@salon/shared';
import { auditLog, registrations, retentionSettings, users } from '../../db/schema';
import { mailDir } from '../mail/transport';
import { runRetentionJob, startRetentionJob } from './retention.service';
import { createUser, createVisitor } from '../../../test/fixtures';
import { admin, APP_NOW, ctx, organiserId, usePersonalDataScene, userRow } from './personal-data.test-support';

/**
 * Retention of the people's data: the clock is 1 March 2026, so the show of 2024 (ended 1 June
 * 2024) plus the default 24 months is not past yet, the edition of 2017 (ended 20 May 2017) is.
 */

const OLD_EVENT_ID = 5;

usePersonalDataScene({ exhibitor: false });

/** A visitor registered for the 2017 edition only: past retention at 24 months. */
async function visitorOf2017(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(ctx.db, { type: 'visitor', ...overrides });
  await ctx.db
    .insert(registrations)
    .values({ eventId: OLD_EVENT_ID, userId: user.id, type: 'visitor', confirmed: true });
  return user;
}

describe('retention', () => {
  type Settings = { id: number; enabled: boolean; months: number; lastRunAt: string | null; cutoff: string };
  type DryRun = { cutoff: string; total: number; people: { id: number; name: string; email: string }[] };
  const jobDeps = () => ({
    db: ctx.db,
    clock: createClock(APP_NOW),
    mailDir: mailDir(ctx.config),
    log: { info: () => undefined, error: () => undefined },
  });

  it('is off by default, 24 months after the show’s last day', async () => {
    const res = await admin('GET', 'retention/1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: 1, enabled: false, months: 24, lastRunAt: null, cutoff: '2026-06-01' });
  });

  it('refuses 0 months and 400 months at the field, and saves a valid change', async () => {
    for (const months of [0, 400]) {
      const res = await admin('PUT', 'retention/1', { enabled: true, months });
      expect(res.statusCode).toBe(400);
      const { details } = res.json<{ error: { details: { errors: { path: string[]; message: string }[] } } }>().error;
      expect(details.errors).toEqual([
        {
          path: ['body', 'months'],
          message: 'retentionMonths',
        },
      ]);
    }
    const saved = await admin('PUT', 'retention/1', { enabled: false, months: 12 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Settings>()).toMatchObject({ enabled: false, months: 12, cutoff: '2025-06-01' });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.resource, 'retention'));
    expect(entry).toMatchObject({ action: 'PUT /admin/retention/1', before: { months: 24 }, after: { months: 12 } });
    await admin('PUT', 'retention/1', { enabled: false, months: 24 });
  });

  it('lists in the dry-run exactly the visitors whose latest show ended more than the months ago', async () => {
    const old = await visitorOf2017({ name: 'Ancien Visiteur' });
    const erased = await visitorOf2017();
    await admin('POST', `people/${erased.id}/erase`);
    const oldExhibitor = await createUser(ctx.db, { type: 'exhibitor' });
    await ctx.db.insert(registrations).values({ eventId: OLD_EVENT_ID, userId: oldExhibitor.id, type: 'exhibitor' });
    const res = await admin('GET', 'retention/1/dry-run');
    expect(res.statusCode, res.body).toBe(200);
    const dryRun = res.json<DryRun>();
    expect(dryRun).toMatchObject({ cutoff: '2026-06-01', total: 1 });
    expect(dryRun.people).toEqual([
      { id: old.id, name: 'Ancien Visiteur', email: old.email, createdAt: old.createdAt.toISOString() },
    ]);

    // At 12 months the visitors of 2024 are past too; those who never registered (signed up now) are not.
    await admin('PUT', 'retention/1', { enabled: false, months: 12 });
    const shorter = (await admin('GET', 'retention/1/dry-run')).json<DryRun>();
    const visitorsOf2024 = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(registrations, eq(registrations.userId, users.id))
      .where(and(eq(users.type, 'visitor'), eq(registrations.eventId, DEMO_EDITION_ID)));
    const notErased = [];
    for (const { id } of visitorsOf2024) if (!(await userRow(id)).anonymisedAt) notErased.push(id);
    expect(shorter.cutoff).toBe('2025-06-01');
    expect(shorter.people.map((p) => p.id).sort((a, b) => a - b)).toEqual([old.id, ...notErased].sort((a, b) => a - b));
    await admin('PUT', 'retention/1', { enabled: false, months: 24 });
  });

  it('runs on the dry-run’s ids only those still past retention, and records the run', async () => {
    const first = await visitorOf2017({ name: 'Premier Ancien' });
    const back = await visitorOf2017({ name: 'Revenu Cette Année' });
    const current = await createVisitor(ctx.db, { name: 'Visiteur Actuel' });
    const bystander = await visitorOf2017({ name: 'Pas Dans La Liste' });
    // Registered for the current show after the dry-run: no longer past retention.
    await ctx.db
      .insert(registrations)
      .values({ eventId: DEMO_EDITION_ID, userId: back.id, type: 'visitor', confirmed: true });

    const res = await admin('POST', 'retention/1/run', { ids: [first.id, back.id, current.user.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ anonymised: 1 });
    expect((await userRow(first.id)).name).toBe('Personne supprimée');
    expect((await userRow(back.id)).name).toBe('Revenu Cette Année');
    expect((await userRow(current.user.id)).anonymisedAt).toBeNull();
    expect((await userRow(bystander.id)).anonymisedAt).toBeNull();
    const settings = (await admin('GET', 'retention/1')).json<Settings>();
    expect(settings.lastRunAt).not.toBeNull();
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'retention'), eq(auditLog.action, 'POST /admin/retention/1/run')));
    expect(entry).toMatchObject({ recordId: '1', userId: organiserId, after: { anonymised: [first.id] } });
  });

  it('refuses, at the field, an id no person can have', async () => {
    const res = await admin('POST', 'retention/1/run', { ids: [2 ** 40] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: { errors: { message: string }[] } } }>().error.details.errors[0]!.message).toBe(
      'Identifiant invalide.',
    );
  });

  it('refuses a run without a list of ids', async () => {
    const res = await admin('POST', 'retention/1/run', { ids: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { details: { errors: { message: string }[] } } }>().error.details.errors[0]!.message).toBe(
      'La liste des personnes à anonymiser est attendue.',
    );
  });

  it('has a daily job that does nothing while disabled and anonymises everyone past retention once enabled', async () => {
    const old = await visitorOf2017({ name: 'Ancien Pour Le Job' });
    const current = await createVisitor(ctx.db, { name: 'Actuel Pour Le Job' });
    await ctx.db.update(retentionSettings).set({ lastRunAt: null });

    expect(await runRetentionJob(jobDeps())).toBe(0);
    expect((await userRow(old.id)).anonymisedAt).toBeNull();

    await admin('PUT', 'retention/1', { enabled: true, months: 24 });
    const before = (await admin('GET', 'retention/1/dry-run')).json<DryRun>();
    expect(before.people.map((p) => p.id)).toContain(old.id);
    expect(await runRetentionJob(jobDeps())).toBe(before.total);
    expect((await userRow(old.id)).name).toBe('Personne supprimée');
    expect((await userRow(current.user.id)).anonymisedAt).toBeNull();
    expect((await admin('GET', 'retention/1/dry-run')).json<DryRun>().total).toBe(0);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'retention job'));
    expect(entry).toMatchObject({ userId: null, resource: 'retention', recordId: '1' });

    // Run again (another process starting, or a manual run before it): nothing left to do.
    expect(await runRetentionJob(jobDeps())).toBe(0);

    // Started in the API process, the job runs shortly after start, and stops on close.
    const later = await visitorOf2017();
    const job = startRetentionJob(jobDeps(), 10);
    for (let i = 0; i < 100 && !(await userRow(later.id)).anonymisedAt; i++)
      await new Promise((r) => setTimeout(r, 50));
    await job.stop();
    expect((await userRow(later.id)).name).toBe('Personne supprimée');
    await admin('PUT', 'retention/1', { enabled: false, months: 24 });
  });
});
