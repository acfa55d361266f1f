import * as z from 'zod/mini';

/**
 * The pieces every contract is made of. Objects are strict: an answer with a field its contract
 * does not name is refused by the serializer (a 500 the route's tests see), so nothing leaves the
 * server that the contract does not say.
 */

/** What the web receives for a contract: the answer as JSON carries its dates as ISO text. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
/** The answer of a contract's schema, as the web reads it. */
export type Answer<S extends z.ZodMiniType> = Wire<z.output<S>>;

/** A date the server holds as a Date and sends as ISO text (either is accepted on the way out). */
export const dateTime = z.union([z.date(), z.string()]);

/** The specification's envelope of one record: `{ data, meta: {} }`. */
export const item = <T extends z.ZodMiniType>(data: T) => z.strictObject({ data, meta: z.strictObject({}) });

export const paginationSchema = z.strictObject({
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
  total: z.number(),
});

/** The specification's envelope of a list page: `{ data: [...], meta: { pagination } }`. */
export const page = <T extends z.ZodMiniType>(entry: T) =>
  z.strictObject({ data: z.array(entry), meta: z.strictObject({ pagination: paginationSchema }) });

/** A stored file as the specification's calls give it (Strapi's media shape). */
export const mediaSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  alternativeText: z.nullable(z.string()),
  mime: z.string(),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  url: z.string(),
  formats: z.strictObject({
    small: z.strictObject({ url: z.string() }),
    thumbnail: z.strictObject({ url: z.string() }),
  }),
});
export type Media = z.output<typeof mediaSchema>;

/** An action done, with nothing else to say (a mail queued): `{ data: { sent: true } }`. */
export const sentSchema = item(z.strictObject({ sent: z.boolean() }));

/** A record removed: `{ data: { id } }`. */
export const removedSchema = item(z.strictObject({ id: z.number() }));

/** An answer without a body: `204 No Content` (a sign-out, a kiosk ended). */
export const noContentSchema = z.null();

/**
 * A file sent as it is (an .eml, a spreadsheet), for a route's `schema.response`: its media type
 * and a binary body in the OpenAPI description. Nothing is serialized: the route sends a buffer or
 * a stream, which the serializer leaves alone.
 */
export const fileAnswer = (mime: string) => ({ content: { [mime]: { schema: z.file() } } });
