/** Addresses of the show's teams (example.com: no real address is known). */
export const CONTACT_EMAILS = {
  general: 'contact@example.com',
  exhibitors: 'exposants@example.com',
  sales: 'commercial@example.com',
  press: 'presse@example.com',
} as const;

/** The venue city on a map (the specification names the city, not an address). */
export const VENUE_MAP_URL = 'https://www.google.com/maps?q=Marrakech';
export const VENUE_MAP_EMBED_URL = 'https://www.google.com/maps?q=Marrakech&output=embed';
