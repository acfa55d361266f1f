import { eq, type SQLWrapper } from 'drizzle-orm';
import type { EditionFacts, RegistrationWindow } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { editions } from '../../db/schema';
import { currentEdition } from './current-edition';

/** An edition: what the site's, badges' and mails' texts say of it (`editionTexts`), and its registration window. */
export interface EventInfo extends EditionFacts, RegistrationWindow {
  id: number;
  name: string;
}

/** An edition's own facts, as every read of editions selects them (the site, the history, the back-office). */
export const editionColumns = {
  id: editions.id,
  edition: editions.edition,
  name: editions.name,
  year: editions.year,
  startsOn: editions.startsOn,
  endsOn: editions.endsOn,
  city: editions.city,
  theme: editions.theme,
};

/** When the edition takes registrations (empty: from now on; until the end of its last day). */
export const registrationWindowColumns = {
  registrationOpensAt: editions.registrationOpensAt,
  registrationClosesAt: editions.registrationClosesAt,
};

/** An edition with its dates (the current one unless named). */
export async function loadEvent(db: Db | Tx, edition: SQLWrapper = currentEdition): Promise<EventInfo> {
  const [event] = await db
    .select({ ...editionColumns, ...registrationWindowColumns })
    .from(editions)
    .where(eq(editions.id, edition));
  if (!event) throw new Error('no such edition');
  const { startsOn, endsOn, city } = event;
  // A database check (events_current_dated): the current edition has its dates and city.
  if (startsOn === null || endsOn === null || city === null) throw new Error('the edition has no dates');
  return {
    ...event,
    startsOn,
    endsOn,
    city,
    registrationOpensAt: event.registrationOpensAt?.toISOString() ?? null,
    registrationClosesAt: event.registrationClosesAt?.toISOString() ?? null,
  };
}
