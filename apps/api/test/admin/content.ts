import type { AdminArea } from './area';

export const contentArea: AdminArea = { rows: [], writes: {} };
