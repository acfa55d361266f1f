import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { kioskSessions } from '../../src/db/schema';
import type { AdminArea, AdminCase } from './area';

/** A kiosk enabled by the organiser, to be read or revoked. */
async function freshKiosk(c: AdminCase): Promise<number> {
  const [kiosk] = await c.ctx.db
    .insert(kioskSessions)
    .values({ name: 'Borne matrice', tokenHash: randomBytes(32).toString('hex'), enabledBy: c.organiser.id })
    .returning({ id: kioskSessions.id });
  return kiosk!.id;
}

/** The gates' check-ins, the kiosks and the audit log. */
export const devicesArea: AdminArea = {
  rows: [
    {
      route: 'GET /backend/api/admin/checkins',
      when: "lists the gates' check-ins with their conflicts",
      request: () => ({ url: 'admin/checkins?filter=%7B%22conflict%22%3Atrue%7D' }),
    },
    { route: 'GET /backend/api/admin/kiosk-sessions', when: 'lists the kiosks in the back-office' },
    {
      route: 'GET /backend/api/admin/kiosk-sessions/:id',
      when: 'reads one kiosk in the back-office',
      request: async (c) => ({ url: `admin/kiosk-sessions/${await freshKiosk(c)}` }),
    },
    {
      route: 'DELETE /backend/api/admin/kiosk-sessions/:id',
      when: 'revokes a kiosk from the back-office (a fresh one)',
      request: async (c) => ({ url: `admin/kiosk-sessions/${await freshKiosk(c)}` }),
      check: async (res, c, request) => {
        const id = Number(request.url.slice('admin/kiosk-sessions/'.length));
        const [kiosk] = await c.ctx.db.select().from(kioskSessions).where(eq(kioskSessions.id, id));
        if (res.statusCode === 200) expect(kiosk?.revokedAt).not.toBeNull();
        else expect(kiosk?.revokedAt).toBeNull();
      },
    },
    { route: 'GET /backend/api/admin/audit-log', when: 'reads the audit log' },
  ],
  writes: {
    'DELETE /backend/api/admin/kiosk-sessions/:id': async (c) => {
      const id = await freshKiosk(c);
      return { url: `admin/kiosk-sessions/${id}`, recordId: String(id) };
    },
  },
};
