/**
 * bench:peak's people: the phones' exhibitors and collaborators (with their stands), the gates'
 * controllers and the organisers, inserted in the cluster's database, then signed in through Caddy.
 */
import type pg from 'pg';
import { DEMO_EDITION_ID, normalizePhone } from '@salon/shared';
import { CONTROLLER_ROLE_ID, ORGANISER_ROLE_ID } from '../../apps/api/src/db/seed';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import { Client, signIn, type BenchCluster } from '../cluster-driver';
import { COLLABORATORS, EXHIBITORS, GATES, ORGANISERS, PASSWORD } from './settings';

export interface Accounts {
  scanners: string[];
  controllers: string[];
  organisers: string[];
}

/** The phones' exhibitors and collaborators (with their stands), the controllers and organisers. */
export async function createAccounts(db: pg.Pool): Promise<Accounts> {
  const hash = await hashPassword(PASSWORD);
  const { rows: halls } = await db.query<{ id: number }>('select id from gates where event_id = $1 order by id', [
    DEMO_EDITION_ID,
  ]);
  const insert = async (type: string, roleId: number, email: string, i: number, exhibitorId: number | null) => {
    const phone = ['exhibitor', 'collaborator'].includes(type) ? `+212 6 7${String(1_000_000 + i).slice(-7)}` : null;
    const { rows } = await db.query<{ id: number }>(
      `insert into users (type, role_id, name, email, username, phone, phone_normalized, company, exhibitor_id,
         confirmed, email_otp_confirmed, password_hash)
       values ($1, $2, $3, $4, $4, $5, $6, $7, $8, true, true, $9) returning id`,
      [
        type,
        roleId,
        `Pic ${type} ${i}`,
        email,
        phone,
        phone && normalizePhone(phone),
        type === 'exhibitor' ? `Matinale Exposant ${i}` : null,
        exhibitorId,
        hash,
      ],
    );
    return rows[0]!.id;
  };
  const area = (userId: number, type: string, i: number) =>
    db.query(
      `insert into registrations (event_id, user_id, type, confirmed, gate_id, booth) values ($1, $2, $3, true, $4, $5)`,
      [DEMO_EDITION_ID, userId, type, halls[i % halls.length]!.id, `P-${i}`],
    );
  const scanners: string[] = [];
  const exhibitorIds: number[] = [];
  for (let i = 0; i < EXHIBITORS; i++) {
    const email = `peak-exposant-${i}@bench.example.com`;
    const id = await insert('exhibitor', 1, email, i, null);
    await area(id, 'exhibitor', i);
    exhibitorIds.push(id);
    scanners.push(email);
  }
  for (let i = 0; i < COLLABORATORS; i++) {
    const email = `peak-collaborateur-${i}@bench.example.com`;
    const id = await insert('collaborator', 1, email, EXHIBITORS + i, exhibitorIds[i % EXHIBITORS]!);
    await area(id, 'collaborator', i % EXHIBITORS);
    scanners.push(email);
  }
  const controllers: string[] = [];
  for (let i = 0; i < GATES; i++) {
    const email = `peak-controleur-${i}@bench.example.com`;
    await insert('controller', CONTROLLER_ROLE_ID, email, i, null);
    controllers.push(email);
  }
  const organisers: string[] = [];
  for (let i = 0; i < ORGANISERS; i++) {
    const email = `peak-organisateur-${i}@bench.example.com`;
    await insert('organiser', ORGANISER_ROLE_ID, email, i, null);
    organisers.push(email);
  }
  return { scanners, controllers, organisers };
}

/** Signs everyone in, a few at a time (each sign-in checks an argon2 hash). */
export async function signInAll(cluster: BenchCluster, route: string, emails: string[]) {
  const sessions: { client: Client; headers: Record<string, string> }[] = [];
  for (let start = 0; start < emails.length; start += 5) {
    sessions.push(
      ...(await Promise.all(
        emails.slice(start, start + 5).map(async (email) => {
          const client = new Client(cluster.httpsPort, 1);
          return { client, headers: await signIn(client, route, email, PASSWORD) };
        }),
      )),
    );
  }
  return sessions;
}
