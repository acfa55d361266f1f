import type { AdminArea } from './area';

export const peopleArea: AdminArea = { rows: [], writes: {} };
