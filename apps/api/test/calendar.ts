import ICAL from 'ical.js';

/**
 * A calendar file's events as an RFC 5545 parser (ical.js) reads them, with the time zone the file
 * describes (its VTIMEZONE), as a calendar that does not know Africa/Casablanca would.
 */
export function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  ICAL.TimezoneService.reset();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}
