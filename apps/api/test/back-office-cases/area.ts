import type { LightMyRequestResponse } from 'fastify';
import type { users } from '../../src/db/schema';
import type { TestContext } from '../helper';
import type { Route } from '../route-table';

/**
 * One part of the back-office, as the API tests see it: how to call each of its routes as an
 * organiser. The access matrix turns `rows` into rows where only an organiser succeeds; the audit
 * test calls every write route through `writes` and checks the audit entry it left.
 */
export interface AdminCase {
  ctx: TestContext;
  organiser: typeof users.$inferSelect;
}

export interface AdminRequest {
  /** Relative to /backend/api/. */
  url: string;
  body?: unknown;
}

export interface AdminAccessRow {
  route: Route;
  /** Completes "<caller> gets <status> when it …". */
  when: string;
  /** Default: the route's path, which must then have no parameter. Called once per caller. */
  request?: (c: AdminCase) => AdminRequest | Promise<AdminRequest>;
  /** The organiser's status when not 200 (e.g. 201 for a creation). */
  status?: number;
  check?: (
    res: LightMyRequestResponse,
    c: AdminCase & { caller: string },
    request: AdminRequest,
  ) => void | Promise<void>;
}

export interface AdminWrite extends AdminRequest {
  /** The audit entry's record id. */
  recordId: string;
  /** The expected status (default 200). */
  status?: number;
}

export interface AdminArea {
  rows: AdminAccessRow[];
  writes: Partial<Record<Route, (c: AdminCase) => Promise<AdminWrite>>>;
}
