import { exhibitorPages } from '../../src/db/schema';
import { createExhibitor } from '../helper';
import type { Route } from '../route-table';
import { liveVersion } from '../../src/domains/exhibitor-area/page-versions.service';
import type { AdminArea, AdminCase, AdminWrite } from './area';

const route = (method: string, path: string) => `${method} /backend/api/admin/${path}` as Route;

/** An exhibitor of the current edition whose page has a change waiting for review: its id. */
export async function pendingPage(c: AdminCase, presentation = 'Une présentation à relire.') {
  const exhibitor = await createExhibitor(c.ctx.db);
  await c.ctx.db
    .insert(exhibitorPages)
    .values({ userId: exhibitor.user.id, pending: { ...liveVersion(null, null), description: { fr: presentation } } });
  return exhibitor.user.id;
}

/** An exhibitor of the current edition, its page as it was made (empty). */
const freshPage = async (c: AdminCase) => (await createExhibitor(c.ctx.db)).user.id;

/** 'Fiches exposants': the current edition's exhibitors' pages, reviewed by the organiser. */
export const exhibitorPagesArea: AdminArea = {
  rows: [
    { route: route('GET', 'exhibitor-pages'), when: 'lists the exhibitors’ pages' },
    {
      route: route('GET', 'exhibitor-pages/:id'),
      when: 'reads an exhibitor’s page, live and pending',
      request: async (c) => ({ url: `admin/exhibitor-pages/${await pendingPage(c)}` }),
    },
    {
      route: route('PUT', 'exhibitor-pages/:id'),
      when: 'corrects an exhibitor’s page and publishes it',
      request: async (c) => ({ url: `admin/exhibitor-pages/${await freshPage(c)}`, body: { brands: ['Corrigé'] } }),
    },
    {
      route: route('POST', 'exhibitor-pages/:id/publish'),
      when: 'publishes an exhibitor’s pending change',
      request: async (c) => ({ url: `admin/exhibitor-pages/${await pendingPage(c)}/publish` }),
    },
    {
      route: route('POST', 'exhibitor-pages/:id/hold'),
      when: 'holds an exhibitor’s pending change with a reason',
      request: async (c) => ({
        url: `admin/exhibitor-pages/${await pendingPage(c)}/hold`,
        body: { reason: 'Le texte cite un concurrent.' },
      }),
    },
  ],
  writes: {
    [route('PUT', 'exhibitor-pages/:id')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await pendingPage(c);
      return { url: `admin/exhibitor-pages/${id}`, body: { description: { fr: 'Corrigée.' } }, recordId: String(id) };
    },
    [route('POST', 'exhibitor-pages/:id/publish')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await pendingPage(c);
      return { url: `admin/exhibitor-pages/${id}/publish`, recordId: String(id) };
    },
    [route('POST', 'exhibitor-pages/:id/hold')]: async (c: AdminCase): Promise<AdminWrite> => {
      const id = await pendingPage(c);
      return { url: `admin/exhibitor-pages/${id}/hold`, body: { reason: 'À revoir.' }, recordId: String(id) };
    },
  },
};
