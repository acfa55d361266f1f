import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { registrations } from './people';

/**
 * Apple Wallet's devices: which phone (its Wallet's library identifier) holds which badge's pass,
 * and where APNs reaches it. Nothing else about the device or its owner is kept. Database
 * triggers (migration 0037) mark a pass changed when what it shows changes (the holder's name
 * or company, the badge's type, hall or stand, its cancellation, the edition's dates, hours or
 * venue); the push job (domains/badges/wallet/pass-updates.ts) then tells each phone once.
 */

/** Rises with every change of a pass: the tag of Apple's 'serial numbers updated since'. */
export const walletPassVersion = pgSequence('wallet_pass_version');

export const walletDevices = pgTable(
  'wallet_devices',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    passVersion: bigint('pass_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('wallet_pass_version')`),
    /** When the pass last changed: its Last-Modified. */
    passChangedAt: timestamp('pass_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The phone is to be told the pass changed. */
    pushDue: boolean('push_due').notNull().default(false),
    /**
     * The holder was erased: the row stays only until the phone has fetched the voided pass
     * (30 days at most), then goes.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.registrationId] }),
    index('wallet_devices_registration').on(t.registrationId),
    index('wallet_devices_push_due')
      .on(t.pushToken)
      .where(sql`${t.pushDue}`),
  ],
);
