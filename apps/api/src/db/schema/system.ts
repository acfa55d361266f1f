import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './people';

/** The server's own records: instance keys, the audit log, the retention settings, the seed's runs. */

/**
 * What every instance on this database must share, as fingerprints that reveal nothing of the
 * secrets (domains/auth/instance-keys.ts): recorded by the first instance to start, and an instance
 * with other keys refuses to start (its sessions and badges would not hold on the others).
 */
export const instanceKeys = pgTable('instance_keys', {
  /** 'jwt' (JWT_SECRET), 'badge' (BADGE_PRIVATE_KEY). */
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
});

/** Every organiser action in the back-office: who, what, on which record, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The route, e.g. 'DELETE /admin/kiosk-sessions/:id'. */
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

/**
 * Personal-data retention (a single row, id 1): visitors are anonymised this many months after
 * the show's last day, by a job that stays off until an organiser turns it on.
 */
export const retentionSettings = pgTable('retention_settings', {
  id: integer('id').primaryKey().default(1),
  enabled: boolean('enabled').notNull().default(false),
  months: integer('months').notNull().default(24),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Records that the demo data was written once, so a second start never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
