import type { AdminArea } from './area';

export const exhibitorsArea: AdminArea = { rows: [], writes: {} };
