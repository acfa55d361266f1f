import { randomBytes } from 'node:crypto';
import { users } from '../../src/db/schema';
import { CONTROLLER_ROLE_ID } from '../../src/db/seed';
import { createUser } from '../helper';
import type { AdminArea, AdminCase } from './area';
import { nextId } from './content';

const unique = () => randomBytes(4).toString('hex');

export const CONTROLLER_PASSWORD = 'Controle-2024';

/** A controller account as the organisers make one, with a known password. */
export async function freshController(c: AdminCase, overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(c.ctx.db, {
    type: 'controller',
    roleId: CONTROLLER_ROLE_ID,
    name: 'Youssef Contrôleur',
    email: `controleur-${unique()}@example.com`,
    company: null,
    password: CONTROLLER_PASSWORD,
    ...overrides,
  });
}

export const controllerForm = () => ({
  name: 'Nadia Portier',
  email: `portier-${unique()}@example.com`,
  phone: '+212 6 11 22 33 44',
  password: 'Porte-Nord-2024',
});

/** The gate staff's accounts. */
export const staffArea: AdminArea = {
  rows: [
    { route: 'GET /backend/api/admin/controllers', when: 'lists the controllers' },
    {
      route: 'GET /backend/api/admin/controllers/:id',
      when: 'reads one controller',
      request: async (c) => ({ url: `admin/controllers/${(await freshController(c)).id}` }),
    },
    {
      route: 'POST /backend/api/admin/controllers',
      when: 'creates a controller',
      status: 201,
      request: () => ({ url: 'admin/controllers', body: controllerForm() }),
    },
    {
      route: 'PUT /backend/api/admin/controllers/:id',
      when: 'renames a controller',
      request: async (c) => {
        const controller = await freshController(c);
        return {
          url: `admin/controllers/${controller.id}`,
          body: { name: 'Youssef Renommé', email: controller.email, active: true },
        };
      },
    },
    {
      route: 'DELETE /backend/api/admin/controllers/:id',
      when: 'deletes a controller',
      request: async (c) => ({ url: `admin/controllers/${(await freshController(c)).id}` }),
    },
  ],
  writes: {
    'POST /backend/api/admin/controllers': async (c) => ({
      url: 'admin/controllers',
      body: controllerForm(),
      recordId: String(await nextId(c.ctx.db, users)),
      status: 201,
    }),
    'PUT /backend/api/admin/controllers/:id': async (c) => {
      const controller = await freshController(c);
      return {
        url: `admin/controllers/${controller.id}`,
        body: { name: controller.name, email: controller.email, active: false, password: 'Nouveau-2024' },
        recordId: String(controller.id),
      };
    },
    'DELETE /backend/api/admin/controllers/:id': async (c) => {
      const controller = await freshController(c);
      return { url: `admin/controllers/${controller.id}`, recordId: String(controller.id) };
    },
  },
};
