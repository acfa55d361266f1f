import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import { queryRows, type Db } from './client';

/** A migration of this build, as drizzle-kit's journal lists it (`when` names it in the database). */
export interface BuildMigration {
  tag: string;
  when: number;
}

export interface MigrationsState {
  /** Rows in drizzle.__drizzle_migrations. */
  applied: number;
  /** Migrations this build ships. */
  expected: number;
  /** This build's migrations the database does not have. */
  behind: number;
  /** Migrations the database has and this build does not: the database was migrated by a newer build. */
  unknown: string[];
}

/** The build's migrations, from the journal drizzle-kit writes beside the SQL files. */
export function buildMigrations(folder = migrationsFolder): BuildMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: BuildMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Compares what the database applied with what this build ships. Drizzle's migrator records each
 * migration with the journal's `when` as `created_at`, and decides by it alone: so do we.
 */
export async function migrationsState(db: Db, expected: readonly BuildMigration[]): Promise<MigrationsState> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  const rows = table?.name
    ? await queryRows<{ hash: string; created_at: string | number }>(
        db,
        sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
      )
    : [];
  const applied = new Set(rows.map((r) => Number(r.created_at)));
  const known = new Set(expected.map((m) => m.when));
  return {
    applied: rows.length,
    expected: expected.length,
    behind: expected.filter((m) => !applied.has(m.when)).length,
    unknown: rows
      .filter((r) => !known.has(Number(r.created_at)))
      .map((r) => `${new Date(Number(r.created_at)).toISOString()} (hash ${r.hash.slice(0, 12)})`),
  };
}

/**
 * Why this build must not start on this database, or null. A database migrated by a newer build
 * may hold columns and constraints this code does not know about: writes could break them.
 */
export function newerDatabaseProblem(state: MigrationsState): string | null {
  if (!state.unknown.length) return null;
  return (
    `The database has ${state.unknown.length} migration(s) this build does not know ` +
    `(${state.unknown.join(', ')}): it was migrated by a newer version. Deploy that version or a later one.`
  );
}
