import * as z from 'zod/mini';
import { REGISTRATION_TYPES } from '../constants';
import { EXHIBITOR_LINKS, EXHIBITOR_PAGE_STATUSES } from '../exhibitor-page';
import { multilingual } from '../schemas';
import { dateTime, item, mediaSchema, page, type Answer } from './common';

/**
 * A sector of the show's list as the directory's answers name it: in each language the organisers
 * typed it in, and in French and English as the original client reads them.
 */
const namedSectorSchema = z.strictObject({
  id: z.number(),
  name: multilingual(z.nullable(z.string())),
  nameFr: z.string(),
  nameEn: z.string(),
});

/** One exhibitor of the directory (`/annuaire`): its stand and hall, its company and logo. */
export const directoryEntrySchema = z.strictObject({
  id: z.number(),
  booth: z.nullable(z.string()),
  gate: z.nullable(z.strictObject({ id: z.number(), name: z.string() })),
  user: z.strictObject({
    id: z.number(),
    company: z.nullable(z.string()),
    secteur_activite: z.nullable(z.string()),
    businessSector: z.nullable(z.string()),
    avatar: z.nullable(mediaSchema),
  }),
});

/** The public directory: `GET registrations?filters[type]=exhibitor…`, without a session. */
export const directoryPageSchema = page(directoryEntrySchema);

/** One of the signed-in person's own registrations (the exhibitor area's start). */
export const ownRegistrationSchema = z.strictObject({
  id: z.number(),
  type: z.enum(REGISTRATION_TYPES),
  confirmed: z.boolean(),
  booth: z.nullable(z.string()),
  revoked: z.boolean(),
  event: z.strictObject({ id: z.number(), name: z.string(), current: z.boolean() }),
  user: z.strictObject({ id: z.number() }),
  conference: z.nullable(z.strictObject({ id: z.number() })),
  gate: z.nullable(z.strictObject({ id: z.number(), name: z.string() })),
  createdAt: dateTime,
});

/** A signed-in caller's `GET registrations`: its own registrations. */
export const ownRegistrationsSchema = page(ownRegistrationSchema);

/**
 * `GET registrations`: one address, two answers. Without a session (or with the directory's own
 * filter) it is the exhibitor directory; with one, the caller's own registrations.
 */
export const registrationsAnswerSchema = z.union([directoryPageSchema, ownRegistrationsSchema]);

/** `POST participation/view`: the returning exhibitor's details as they stand, and the edition. */
export const participationViewSchema = item(
  z.strictObject({
    name: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    company: z.nullable(z.string()),
    jobPosition: z.nullable(z.string()),
    edition: z.strictObject({
      year: z.number(),
      startsOn: z.nullable(z.string()),
      endsOn: z.nullable(z.string()),
      city: z.nullable(z.string()),
    }),
    /** Its stand of then kept for it on /exposer until a day, with the address that books it; null: none. */
    kept: z.nullable(z.strictObject({ stands: z.array(z.string()), until: z.string(), path: z.string() })),
  }),
);

/** `POST participation/confirm`: the edition the exhibitor is registered for. */
export const participationConfirmedSchema = item(z.strictObject({ year: z.number() }));

/** `POST contact`: the message stored. */
export const contactSentSchema = item(z.strictObject({ id: z.number() }));

/** `POST newsletters`: the address that will receive the confirmation link. */
export const newsletterSubscribedSchema = item(z.strictObject({ email: z.string() }));

/** `POST newsletters/confirm`. */
export const newsletterConfirmedSchema = item(z.strictObject({ confirmed: z.boolean() }));

/** `POST newsletters/unsubscribe`. */
export const newsletterUnsubscribedSchema = item(z.strictObject({ unsubscribed: z.boolean() }));

/** One exhibitor of the directory, as the web types it. */
export type DirectoryEntry = Answer<typeof directoryEntrySchema>;

/**
 * `GET exhibitors/<slug>`: an exhibitor's page of the directory, for a listed exhibitor of the
 * current edition only. `slug` is its address now: the web redirects a former one to it.
 */
export const exhibitorPageSchema = item(
  z.strictObject({
    id: z.number(),
    slug: z.string(),
    company: z.string(),
    logo: z.nullable(mediaSchema),
    /** The sector its account gives (the directory's `secteur_activite`). */
    secteurActivite: z.nullable(z.string()),
    pays: z.nullable(z.string()),
    /** The sectors of the show's list it chose, in its order. */
    sectors: z.array(namedSectorSchema),
    /** The presentation in each language it was written in (a language possibly missing). */
    description: multilingual(z.nullable(z.string())),
    /** The same, French and English, as the original client reads them. */
    descriptionFr: z.nullable(z.string()),
    descriptionEn: z.nullable(z.string()),
    brands: z.array(z.string()),
    links: z.array(z.strictObject({ kind: z.enum(EXHIBITOR_LINKS), url: z.string() })),
    gate: z.nullable(z.strictObject({ id: z.number(), name: z.string() })),
    booth: z.nullable(z.string()),
    /** The PDFs it hands out. */
    documents: z.array(mediaSchema),
    /** The forum conferences it gives, in the programme's order. */
    conferences: z.array(
      z.strictObject({
        id: z.number(),
        number: z.string(),
        title: multilingual(z.nullable(z.string())),
        titleFr: z.string(),
        titleEn: z.string(),
        day: z.string(),
        startsAt: z.string(),
        endsAt: z.string(),
      }),
    ),
  }),
);
export type ExhibitorPage = Answer<typeof exhibitorPageSchema>['data'];

const link = z.nullable(z.string());
/**
 * `GET`/`PUT exhibitor-page`: what the signed-in exhibitor wrote on its page, as its 'Fiche
 * annuaire' tab edits it, with its address and whether the page is public now (the exhibitor is
 * listed in the current edition's directory).
 */
export const ownExhibitorPageSchema = item(
  z.strictObject({
    slug: z.string(),
    listed: z.boolean(),
    /** The presentation in each language, as the tab's fields edit it. */
    description: multilingual(z.nullable(z.string())),
    /** The same, French and English, as the public page's answer names them. */
    descriptionFr: z.nullable(z.string()),
    descriptionEn: z.nullable(z.string()),
    sectorIds: z.array(z.number()),
    brands: z.array(z.string()),
    website: link,
    linkedin: link,
    facebook: link,
    instagram: link,
    youtube: link,
    x: link,
    logo: z.nullable(mediaSchema),
    documents: z.array(mediaSchema),
    /**
     * Where the page stands with the organiser: with moderation on, the fields above are the
     * version waiting for review ('pending'), or held with the organiser's reason ('held');
     * `moderated`: the organiser reviews changes before they are public.
     */
    review: z.strictObject({
      status: z.enum(EXHIBITOR_PAGE_STATUSES),
      reason: z.nullable(z.string()),
      moderated: z.boolean(),
    }),
  }),
);
export type OwnExhibitorPage = Answer<typeof ownExhibitorPageSchema>['data'];

/**
 * `GET`/`PUT exhibitor-page/visitor-card`: the contact card and the document the exhibitor gives
 * the visitors it scanned (their e-badge page's 'Stands visités').
 */
export const visitorCardSchema = item(
  z.strictObject({
    name: z.nullable(z.string()),
    email: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    document: z.nullable(mediaSchema),
  }),
);
export type VisitorCard = Answer<typeof visitorCardSchema>['data'];

/** `POST exhibitor-page/files`: a file the exhibitor uploaded for its page (its logo, a PDF). */
export const exhibitorUploadSchema = item(mediaSchema);

/**
 * `GET directory/facets`: how many listed exhibitors each hall, sector of the show's list and
 * first letter of the A–Z holds, for the directory's pickers.
 */
export const directoryFacetsSchema = item(
  z.strictObject({
    total: z.number(),
    halls: z.array(z.strictObject({ id: z.number(), name: z.string(), count: z.number() })),
    sectors: z.array(z.strictObject({ ...namedSectorSchema.def.shape, count: z.number() })),
    letters: z.array(z.strictObject({ letter: z.string(), count: z.number() })),
  }),
);
export type DirectoryFacets = Answer<typeof directoryFacetsSchema>['data'];
