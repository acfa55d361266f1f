import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import { importUploadsFromDisk, uploadDirOf } from '../../domains/files/uploads.service';
import type { Db, Tx } from '../client';
import * as t from '../schema';
import { DEMO_ACCOUNTS, ensureOrganiser } from './accounts';
import { DEMO_SITE_SETTINGS, FRENCH_TESTIMONIAL_AUTHORS, TESTIMONIALS } from './content/site';
import { PAST_EDITIONS } from './content/editions';
import { seedDemo } from './demo';
import { seedReference } from './reference';

export {
  CONTROLLER_ROLE_ID,
  DEMO_ACCOUNTS,
  ORGANISER_ROLE_ID,
  ROLES,
  demoUserIds,
  isLocalUrl,
  isLoopbackHost,
  publishedPasswordProblem,
} from './accounts';
export { seedPastEditions, seedReference } from './reference';

/**
 * Reference data (roles, the 2024 edition and its halls, sectors, conferences, hours, the empty
 * records the back-office fills) is written on every start and never duplicated; demo data once,
 * recorded in `seed_runs`.
 */
export async function seed(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  await seedReference(db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) await ensureOrganiser(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  await importUploadsFromDisk(db, uploadDirOf(config), log);
  if (config.DEMO_DATA) {
    const created = await seedDemo(db);
    if (created) log.info('demo data written');
    // Its own run: a demo database made before the site settings existed gets them too.
    if (await seedDemoSiteSettings(db)) log.info('demo venue, contacts and virtual tour written');
    await renameDemoTestimonialAuthors(db);
  }
  if (config.VIRTUAL_TOUR_URL && (await copyTourFromEnv(db, config.VIRTUAL_TOUR_URL))) {
    log.info('VIRTUAL_TOUR_URL copied into the site settings: change it in the back-office from now on');
  }
  if (!config.DEMO_DATA && (await inventedEditionsLeft(db))) {
    log.warn(
      'the editions 1 to 5 still hold the invented history an earlier version wrote: correct or delete them in the back-office (Éditions)',
    );
  }
  // Whatever the database: the embedded one is the documented deployment.
  const [demo] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.email, DEMO_ACCOUNTS.organiser.email), isNull(t.users.deletedAt)));
  if (demo) log.warn('demo accounts exist in this database: delete them before opening to the public');
}

/** Claims a one-time run: false when it was made already (here or by another instance). */
async function claimRun(db: Db | Tx, name: string): Promise<boolean> {
  return (await db.insert(t.seedRuns).values({ name }).onConflictDoNothing().returning()).length > 0;
}

async function seedDemoSiteSettings(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRun(tx, 'demo-site-settings'))) return false;
    await tx.update(t.siteSettings).set(DEMO_SITE_SETTINGS).where(eq(t.siteSettings.id, 1));
    return true;
  });
}

/** A demo made when its testimonials' authors were French descriptions: names, the description in the role. */
async function renameDemoTestimonialAuthors(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimRun(tx, 'demo-testimonial-authors'))) return;
    for (const [i, old] of FRENCH_TESTIMONIAL_AUTHORS.entries()) {
      const { author, role } = TESTIMONIALS[i]!;
      await tx.update(t.temoignages).set({ author, role }).where(eq(t.temoignages.author, old));
    }
  });
}

/** VIRTUAL_TOUR_URL, from before the site settings: copied once, where no tour is set. */
async function copyTourFromEnv(db: Db, url: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimRun(tx, 'virtual-tour-from-env'))) return false;
    const copied = await tx
      .update(t.siteSettings)
      .set({ virtualTourUrl: url })
      .where(and(eq(t.siteSettings.id, 1), isNull(t.siteSettings.virtualTourUrl)))
      .returning({ id: t.siteSettings.id });
    return copied.length > 0;
  });
}

/**
 * Whether an edition still holds what earlier versions wrote as reference data on every start
 * (PAST_EDITIONS, invented dates and themes). Such rows are left alone: the organiser may
 * have kept them knowingly, and registrations of the demo may point at them.
 */
async function inventedEditionsLeft(db: Db): Promise<boolean> {
  const rows = await db
    .select()
    .from(t.editions)
    .where(
      inArray(
        t.editions.id,
        PAST_EDITIONS.map((e) => e.id),
      ),
    );
  return rows.some((row) => {
    const seeded = PAST_EDITIONS.find((e) => e.id === row.id)!;
    return row.startsOn === seeded.startsOn && isDeepStrictEqual(row.theme, seeded.theme) && row.city === seeded.city;
  });
}
