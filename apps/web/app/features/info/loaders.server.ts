import type { ShowEdition } from '@salon/shared';
import { loaderApiOr } from '../../lib/server-api';
import { FALLBACK_OPENING_HOURS, type OpeningDay, type PageSector } from './data';

interface ListResponse<T> {
  data: T[];
}

async function list<T>(context: unknown, path: string): Promise<T[]> {
  const body = await loaderApiOr<ListResponse<T> | null>(context, path, { data: [] });
  return Array.isArray(body?.data) ? body.data : [];
}

/** The editions, oldest first; empty when the API failed. */
export async function loadEvents(context: unknown): Promise<ShowEdition[]> {
  const events = await list<ShowEdition>(context, 'events');
  return [...events].sort((a, b) => a.year - b.year || (a.startsOn ?? '').localeCompare(b.startsOn ?? ''));
}

/** The show days, from the API or else from the specification. */
export async function loadOpeningHours(context: unknown): Promise<OpeningDay[]> {
  const days = await list<OpeningDay>(context, 'opening-hours');
  return days.length ? [...days].sort((a, b) => a.day.localeCompare(b.day)) : FALLBACK_OPENING_HOURS;
}

/** The sectors of the sectors page in page order; empty when the API failed. */
export async function loadPageSectors(context: unknown): Promise<PageSector[]> {
  const sectors = await list<PageSector>(context, 'sectors?filters[kind]=page');
  return [...sectors].sort((a, b) => a.position - b.position || a.id - b.id);
}
