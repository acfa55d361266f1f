import { customType, jsonb, timestamp } from 'drizzle-orm/pg-core';
import type { Texts } from '@salon/shared';

/** Columns that several tables share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A bytea column read as a Buffer. node-postgres gives a Buffer already; PGlite a Uint8Array,
 * wrapped here without copying its bytes.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A text the organisers type in each language, as one jsonb value `{ "fr": …, "en": … }` (null:
 * none). A language added to LANGUAGES after a text was written is missing from it until typed:
 * it is read through pickFilled, which falls back on a language that has one.
 */
export type Multilingual<T extends string | null = string | null> = Partial<Texts<T>>;
export const multilingual = <T extends string | null = string | null>(name: string) =>
  jsonb(name).$type<Multilingual<T>>().notNull();
