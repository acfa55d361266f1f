import type { AdminArea } from './area';

export const mailDashboardArea: AdminArea = { rows: [], writes: {} };
