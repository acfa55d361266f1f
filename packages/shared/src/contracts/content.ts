import * as z from 'zod/mini';
import { CONTACT_KEYS } from '../site-settings';
import { FEATURE_KINDS } from '../constants';
import { item, mediaSchema, page, paginationSchema, type Answer } from './common';
import { multilingual } from '../schemas';

/** `GET sib`: the show's record (its sponsor's and guest country's logos, the home page's background). */
export const showRecordSchema = item(
  z.nullable(
    z.strictObject({
      id: z.number(),
      logo_sponsor_officiel: z.nullable(mediaSchema),
      logo_pays_invite_honneur: z.nullable(mediaSchema),
      media_full_background: z.nullable(mediaSchema),
    }),
  ),
);

/** `GET agence`: the organising agency, in every page's footer. */
export const agencySchema = item(
  z.nullable(
    z.strictObject({
      id: z.number(),
      name: z.string(),
      email: z.nullable(z.string()),
      website: z.nullable(z.string()),
      logo: z.nullable(mediaSchema),
      logo_footer: z.nullable(mediaSchema),
      image: z.nullable(mediaSchema),
    }),
  ),
);

/** `GET temoignages`. */
export const testimonialPageSchema = page(
  z.strictObject({
    id: z.number(),
    position: z.number(),
    author: z.string(),
    /** The author's role and the quote in each language the organisers typed them in. */
    role: multilingual(z.nullable(z.string())),
    quote: multilingual(z.nullable(z.string())),
    /** The same, French and English, as the original client reads them. */
    roleFr: z.nullable(z.string()),
    roleEn: z.nullable(z.string()),
    quoteFr: z.string(),
    quoteEn: z.string(),
    photo: z.nullable(mediaSchema),
  }),
);

/** `GET galeries`. */
export const galleryPageSchema = page(
  z.strictObject({
    id: z.number(),
    position: z.number(),
    /** The caption in each language the organisers typed it in; then French and English, as the original client reads them. */
    caption: multilingual(z.nullable(z.string())),
    captionFr: z.nullable(z.string()),
    captionEn: z.nullable(z.string()),
    image: z.nullable(mediaSchema),
  }),
);

/** `GET partenaires` and `GET partenaires-presses`: the active ones. */
export const partnerPageSchema = page(
  z.strictObject({
    id: z.number(),
    name: z.string(),
    url: z.nullable(z.string()),
    actif: z.boolean(),
    position: z.number(),
    logo: z.nullable(mediaSchema),
  }),
);

/**
 * `GET bannieres`: the active banners. Asked for both placements at once, the page size applies
 * to each placement and `meta.pagination.perPlacement` says so.
 */
export const bannerPageSchema = z.strictObject({
  data: z.array(
    z.strictObject({
      id: z.number(),
      actif: z.boolean(),
      emplacement: z.enum(['Haut', 'Bas']),
      lien: z.nullable(z.string()),
      fichier_desktop: z.nullable(mediaSchema),
      fichier_mobile: z.nullable(mediaSchema),
    }),
  ),
  meta: z.strictObject({
    pagination: z.strictObject({ ...paginationSchema.def.shape, perPlacement: z.optional(z.literal(true)) }),
  }),
});

/** One edition as the API gives it (`GET events`). */
export const showEditionSchema = z.strictObject({
  id: z.number(),
  edition: z.number(),
  name: z.string(),
  year: z.number(),
  /** YYYY-MM-DD; null (with `endsOn`) for an edition known by its year only. */
  startsOn: z.nullable(z.string()),
  endsOn: z.nullable(z.string()),
  city: z.nullable(z.string()),
  /** The theme in each language the organisers gave it in. */
  theme: multilingual(z.nullable(z.string())),
  exhibitors: z.nullable(z.number()),
  visitors: z.nullable(z.number()),
  /** The edition the site shows now (the organiser's 'Rendre courante'). */
  current: z.boolean(),
});

/** `GET events`: every edition, oldest first, with its figures. */
export const editionListSchema = page(showEditionSchema);

/** `GET opening-hours`: the edition's days, 'HH:MM'. */
export const openingHoursSchema = page(z.strictObject({ day: z.string(), opensAt: z.string(), closesAt: z.string() }));

/** `GET sectors`: the show's sectors (the home page's, the forms' lists). */
export const sectorListSchema = page(
  z.strictObject({
    id: z.number(),
    kind: z.string(),
    position: z.number(),
    /** Its name and description in each language the organisers typed them in. */
    name: multilingual(z.nullable(z.string())),
    description: multilingual(z.nullable(z.string())),
    /** The same, French and English, as the original client reads them. */
    nameFr: z.string(),
    nameEn: z.string(),
    descriptionFr: z.nullable(z.string()),
    descriptionEn: z.nullable(z.string()),
  }),
);

/** `GET gates`: the current edition's halls. */
export const hallListSchema = page(z.strictObject({ id: z.number(), name: z.string(), position: z.number() }));

/** A forum conference's fields but its texts. */
export const conferenceFieldsSchema = z.strictObject({
  id: z.number(),
  number: z.string(),
  kind: z.enum(['conference', 'academy', 'sponsor']),
  /** YYYY-MM-DD */
  day: z.string(),
  /** HH:MM */
  startsAt: z.string(),
  endsAt: z.string(),
});

/** A forum conference as the programme shows it: its texts, multilingual and one field per language. */
export const conferenceSchema = z.strictObject({
  ...conferenceFieldsSchema.def.shape,
  /** Its texts in each language the organisers typed them in. */
  title: multilingual(z.nullable(z.string())),
  theme: multilingual(z.nullable(z.string())),
  description: multilingual(z.nullable(z.string())),
  /** The same, French and English, as the original client reads them. */
  titleFr: z.string(),
  titleEn: z.string(),
  themeFr: z.nullable(z.string()),
  themeEn: z.nullable(z.string()),
  descriptionFr: z.nullable(z.string()),
  descriptionEn: z.nullable(z.string()),
});

/** `GET conferences`: the programme, by day and start time. */
export const conferenceListSchema = page(conferenceSchema);

/** `GET conferences/:id`. */
export const conferenceItemSchema = item(conferenceSchema);

/** `POST conferences/:id/registrations`: the seat taken. */
export const conferenceRegisteredSchema = item(z.strictObject({ conference: z.strictObject({ id: z.number() }) }));

/** `GET site-settings`: the venue, the contacts and the virtual tour, as the public pages read them. */
export const publicSiteSettingsSchema = z.strictObject({
  data: z.strictObject({
    venue: z.strictObject({
      name: z.nullable(z.string()),
      address: z.nullable(z.string()),
      city: z.nullable(z.string()),
      mapUrl: z.nullable(z.string()),
      mapEmbedUrl: z.nullable(z.string()),
    }),
    contacts: z.record(
      z.enum(CONTACT_KEYS),
      z.strictObject({ email: z.nullable(z.string()), phone: z.nullable(z.string()) }),
    ),
    virtualTourUrl: z.nullable(z.string()),
  }),
});

/** `GET floor-plan`: the halls of the plan, each with its outline and stands in its own units. */
export const floorPlanSchema = z.strictObject({
  data: z.strictObject({
    halls: z.array(
      z.strictObject({
        id: z.number(),
        name: z.string(),
        width: z.number(),
        height: z.number(),
        stands: z.array(
          z.strictObject({
            number: z.string(),
            x: z.number(),
            y: z.number(),
            width: z.number(),
            height: z.number(),
            companies: z.array(z.string()),
            /** The exhibitors' ids, in the companies' order: their pages, and 'Ma visite'. */
            holders: z.array(z.number()),
            /** The show's sectors of its exhibitors (ids), for the plan's sector filter. */
            sectors: z.array(z.number()),
          }),
        ),
        /** What is not a stand: entrances, aisles, services, the forum's room (plan-features.ts). */
        features: z.array(
          z.strictObject({
            kind: z.enum(FEATURE_KINDS),
            label: z.nullable(z.string()),
            x: z.number(),
            y: z.number(),
            width: z.number(),
            height: z.number(),
          }),
        ),
      }),
    ),
  }),
});

// What the pages read, as the web types it.
export type ShowRecord = NonNullable<Answer<typeof showRecordSchema>['data']>;
export type Agency = NonNullable<Answer<typeof agencySchema>['data']>;
export type Testimonial = Answer<typeof testimonialPageSchema>['data'][number];
export type GalleryItem = Answer<typeof galleryPageSchema>['data'][number];
export type Partner = Answer<typeof partnerPageSchema>['data'][number];
export type Banner = Answer<typeof bannerPageSchema>['data'][number];
export type Sector = Answer<typeof sectorListSchema>['data'][number];
export type Conference = Answer<typeof conferenceSchema>;
