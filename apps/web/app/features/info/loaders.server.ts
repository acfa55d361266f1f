import { getEvents, getOpeningHours, getSectors, type ShowEdition } from '@salon/shared';
import { loaderDataOr, previewedYear } from '../../lib/server-api';
import type { OpeningDay, PageSector } from './data';

/** The editions, oldest first; empty when the API failed. */
export async function loadEvents(context: unknown): Promise<ShowEdition[]> {
  const events = await loaderDataOr(context, getEvents, {}, []);
  return [...events].sort((a, b) => a.year - b.year || (a.startsOn ?? '').localeCompare(b.startsOn ?? ''));
}

/** The show days and their hours; empty when the API failed (the page then says so). */
export async function loadOpeningHours(context: unknown): Promise<OpeningDay[]> {
  const days = await loaderDataOr(context, getOpeningHours, { query: previewedYear(context) }, []);
  return [...days].sort((a, b) => a.day.localeCompare(b.day));
}

/** The sectors of the sectors page in page order; empty when the API failed. */
export async function loadPageSectors(context: unknown): Promise<PageSector[]> {
  const sectors = await loaderDataOr(context, getSectors, { query: { filters: { kind: 'page' } } }, []);
  return [...sectors].sort((a, b) => a.position - b.position || a.id - b.id);
}
