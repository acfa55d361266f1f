import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { demandesExposants, registrations, users } from '../../src/db/schema';
import { call, createExhibitor, firstGate, signSession } from '../helper';
import type { AdminArea, AdminCase } from './area';
import { nextId } from './content';

const unique = () => randomBytes(4).toString('hex');
const phone = () => `+212 7 ${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

export async function freshEnquiry(c: AdminCase) {
  const [row] = await c.ctx.db
    .insert(demandesExposants)
    .values({
      nom: 'Salma Demande',
      email: `demande-${unique()}@example.com`,
      telephone: phone(),
      societe: 'Béton Sud',
    })
    .returning({ id: demandesExposants.id });
  return row!.id;
}

/** A pending exhibitor (registration not confirmed), as an enquiry becomes one. */
export async function pendingExhibitor(c: AdminCase) {
  const exhibitor = await createExhibitor(c.ctx.db, { email: `exposant-${unique()}@example.com` });
  await c.ctx.db.update(registrations).set({ confirmed: false }).where(eq(registrations.id, exhibitor.registration.id));
  return exhibitor.user.id;
}

export const exhibitorForm = async (c: AdminCase) => ({
  company: `Société ${unique()}`,
  name: 'Karim Benjelloun',
  email: `karim-${unique()}@example.com`,
  phone: phone(),
  secteurActivite: 'Gros œuvre',
  pays: 'Maroc',
  gateId: (await firstGate(c.ctx.db)).id,
  booth: 'C-12',
});

/** Enquiries and exhibitors. */
export const exhibitorAccountsArea: AdminArea = {
  rows: [
    { route: 'GET /backend/api/admin/enquiries', when: 'lists the exhibitor enquiries' },
    {
      route: 'GET /backend/api/admin/enquiries/:id',
      when: 'reads one enquiry',
      request: async (c) => ({ url: `admin/enquiries/${await freshEnquiry(c)}` }),
    },
    {
      route: 'PUT /backend/api/admin/enquiries/:id',
      when: 'marks an enquiry as contacted',
      request: async (c) => ({
        url: `admin/enquiries/${await freshEnquiry(c)}`,
        body: { status: 'contacte', notes: 'Rappelée' },
      }),
    },
    { route: 'GET /backend/api/admin/exhibitors', when: 'lists the exhibitors' },
    {
      route: 'GET /backend/api/admin/exhibitors/:id',
      when: 'reads one exhibitor with its collaborators',
      request: async (c) => ({ url: `admin/exhibitors/${await pendingExhibitor(c)}` }),
    },
    {
      route: 'POST /backend/api/admin/exhibitors',
      when: 'creates an exhibitor',
      status: 201,
      request: async (c) => ({ url: 'admin/exhibitors', body: await exhibitorForm(c) }),
    },
    {
      route: 'PUT /backend/api/admin/exhibitors/:id',
      when: 'moves an exhibitor to another stand',
      request: async (c) => ({ url: `admin/exhibitors/${await pendingExhibitor(c)}`, body: await exhibitorForm(c) }),
    },
    ...(['confirm', 'resend-access', 'deactivate', 'reactivate'] as const).map((action) => ({
      route: `POST /backend/api/admin/exhibitors/:id/${action}` as const,
      when: `${action === 'confirm' ? 'confirms' : action === 'resend-access' ? 'sends the access link of' : action === 'deactivate' ? 'deactivates' : 'reactivates'} an exhibitor`,
      request: async (c: AdminCase) => ({ url: `admin/exhibitors/${await pendingExhibitor(c)}/${action}` }),
    })),
  ],
  writes: {
    'PUT /backend/api/admin/enquiries/:id': async (c) => {
      const id = await freshEnquiry(c);
      return { url: `admin/enquiries/${id}`, body: { status: 'refuse' }, recordId: String(id) };
    },
    'POST /backend/api/admin/exhibitors': async (c) => {
      const enquiryId = await freshEnquiry(c);
      const body = { ...(await exhibitorForm(c)), enquiryId };
      return { url: 'admin/exhibitors', body, recordId: String(await nextId(c.ctx.db, users)), status: 201 };
    },
    'PUT /backend/api/admin/exhibitors/:id': async (c) => {
      const id = await pendingExhibitor(c);
      return { url: `admin/exhibitors/${id}`, body: await exhibitorForm(c), recordId: String(id) };
    },
    'POST /backend/api/admin/exhibitors/:id/confirm': async (c) => {
      const id = await pendingExhibitor(c);
      return { url: `admin/exhibitors/${id}/confirm`, recordId: String(id) };
    },
    'POST /backend/api/admin/exhibitors/:id/resend-access': async (c) => {
      const id = await pendingExhibitor(c);
      return { url: `admin/exhibitors/${id}/resend-access`, recordId: String(id) };
    },
    'POST /backend/api/admin/exhibitors/:id/deactivate': async (c) => {
      const id = await pendingExhibitor(c);
      return { url: `admin/exhibitors/${id}/deactivate`, recordId: String(id) };
    },
    'POST /backend/api/admin/exhibitors/:id/reactivate': async (c) => {
      const id = await pendingExhibitor(c);
      await call(c.ctx.app, 'POST', `admin/exhibitors/${id}/deactivate`, {
        token: await signSession(c.organiser.id, c.organiser.tokenVersion),
      });
      return { url: `admin/exhibitors/${id}/reactivate`, recordId: String(id) };
    },
  },
};
