import { expect } from 'vitest';
import { retentionSettings } from '../../src/db/schema';
import { createVisitor } from '../helper';
import type { AdminArea, AdminCase } from './area';

const freshVisitor = async (c: AdminCase) => (await createVisitor(c.ctx.db)).user.id;

/**
 * Retention at 120 months: the show of 2024 plus 10 years is not past, so a run anonymises none
 * of the other tests' people (the real clock is years after the show).
 */
async function longRetention(c: AdminCase) {
  await c.ctx.db.insert(retentionSettings).values({ id: 1 }).onConflictDoNothing();
  await c.ctx.db.update(retentionSettings).set({ months: 120 });
}

/** Visitors, one person's data and retention. */
export const peopleArea: AdminArea = {
  rows: [
    { route: 'GET /backend/api/admin/visitors', when: 'lists the visitors' },
    {
      route: 'GET /backend/api/admin/visitors/export.xlsx',
      when: 'downloads visiteurs.xlsx',
      check: (res, c) => {
        if (c.caller === 'organiser')
          expect(res.headers['content-disposition']).toBe('attachment; filename="visiteurs.xlsx"');
      },
    },
    {
      route: 'GET /backend/api/admin/visitors/:id',
      when: 'reads one visitor',
      request: async (c) => ({ url: `admin/visitors/${await freshVisitor(c)}` }),
    },
    {
      route: 'POST /backend/api/admin/visitors/:id/resend-badge',
      when: 'sends a visitor’s badge again',
      request: async (c) => ({ url: `admin/visitors/${await freshVisitor(c)}/resend-badge` }),
    },
    {
      route: 'GET /backend/api/admin/people/:id/export.json',
      when: 'downloads everything held about a person as JSON',
      request: async (c) => ({ url: `admin/people/${await freshVisitor(c)}/export.json` }),
    },
    {
      route: 'GET /backend/api/admin/people/:id/export.xlsx',
      when: 'downloads everything held about a person as xlsx',
      request: async (c) => ({ url: `admin/people/${await freshVisitor(c)}/export.xlsx` }),
    },
    {
      route: 'POST /backend/api/admin/people/:id/erase',
      when: 'erases a visitor',
      request: async (c) => ({ url: `admin/people/${await freshVisitor(c)}/erase` }),
    },
    { route: 'GET /backend/api/admin/retention/1', when: 'reads the retention settings' },
    {
      route: 'PUT /backend/api/admin/retention/1',
      when: 'changes the retention settings',
      request: () => ({ url: 'admin/retention/1', body: { enabled: false, months: 120 } }),
    },
    {
      route: 'GET /backend/api/admin/retention/1/dry-run',
      when: 'lists who retention would anonymise',
      request: async (c) => {
        await longRetention(c);
        return { url: 'admin/retention/1/dry-run' };
      },
    },
    {
      route: 'POST /backend/api/admin/retention/1/run',
      when: 'runs retention on the people of a dry-run',
      request: async (c) => {
        await longRetention(c);
        return { url: 'admin/retention/1/run', body: { ids: [await freshVisitor(c)] } };
      },
      check: (res, c) => {
        if (c.caller === 'organiser') expect(res.json()).toEqual({ anonymised: 0 });
      },
    },
  ],
  writes: {
    'POST /backend/api/admin/visitors/:id/resend-badge': async (c) => {
      const id = await freshVisitor(c);
      return { url: `admin/visitors/${id}/resend-badge`, recordId: String(id) };
    },
    'POST /backend/api/admin/people/:id/erase': async (c) => {
      const id = await freshVisitor(c);
      return { url: `admin/people/${id}/erase`, recordId: String(id) };
    },
    'PUT /backend/api/admin/retention/1': async () => ({
      url: 'admin/retention/1',
      body: { enabled: false, months: 120 },
      recordId: '1',
    }),
    'POST /backend/api/admin/retention/1/run': async (c) => {
      await longRetention(c);
      return { url: 'admin/retention/1/run', body: { ids: [await freshVisitor(c)] }, recordId: '1' };
    },
  },
};
