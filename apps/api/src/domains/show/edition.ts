import { eq, type SQLWrapper } from 'drizzle-orm';
import type { EditionFacts, RegistrationWindow } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { events } from '../../db/schema';
import { currentEdition } from './current-edition';

/** An edition: what the site's, badges' and mails' texts say of it (`editionTexts`), and its registration window. */
export interface EventInfo extends EditionFacts, RegistrationWindow {
  id: number;
  name: string;
}

/** An edition with its dates (the current one unless named). */
export async function loadEvent(db: Db | Tx, edition: SQLWrapper = currentEdition): Promise<EventInfo> {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      edition: events.edition,
      year: events.year,
      startsOn: events.startsOn,
      endsOn: events.endsOn,
      city: events.city,
      theme: events.theme,
      themeEn: events.themeEn,
      registrationOpensAt: events.registrationOpensAt,
      registrationClosesAt: events.registrationClosesAt,
    })
    .from(events)
    .where(eq(events.id, edition));
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
