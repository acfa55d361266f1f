import type { AdminArea } from './area';

/** The dashboard's figures. */
export const dashboardArea: AdminArea = {
  rows: [{ route: 'GET /backend/api/admin/dashboard', when: 'reads the dashboard’s figures' }],
  writes: {},
};
