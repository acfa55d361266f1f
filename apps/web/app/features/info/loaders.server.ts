import type { ShowEdition } from '@salon/shared';
import { loaderApiOr, previewedEdition } from '../../lib/server-api';
import type { OpeningDay, PageSector } from './data';

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

/** The show days and their hours; empty when the API failed (the page then says so). */
export async function loadOpeningHours(context: unknown): Promise<OpeningDay[]> {
  const year = previewedEdition(context);
  const days = await list<OpeningDay>(context, `opening-hours${year ? `?${year}` : ''}`);
  return [...days].sort((a, b) => a.day.localeCompare(b.day));
}

/** The sectors of the sectors page in page order; empty when the API failed. */
export async function loadPageSectors(context: unknown): Promise<PageSector[]> {
  const sectors = await list<PageSector>(context, 'sectors?filters[kind]=page');
  return [...sectors].sort((a, b) => a.position - b.position || a.id - b.id);
}
