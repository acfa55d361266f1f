import * as z from 'zod/mini';

/**
 * The pieces every contract is made of. Objects are strict: an answer with a field its contract
 * does not name is refused by the serializer (a 500 the route's tests see), so nothing leaves the
 * server that the contract does not say.
 */

/** What the web receives for a contract: the answer as JSON carries its dates as ISO text. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly unknown[]
    ? { [K in keyof T]: Wire<T[K]> }
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

/** Why one field was refused: its path (`['body', 'email']`) and a message or a message key. */
export const fieldErrorSchema = z.strictObject({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});

/**
 * Every refusal and failure of the API: `{ error: { status, name, message, details } }`, the
 * fields' errors in `details.errors`, the request's id (as in the X-Request-Id header and the
 * logs) in `requestId`. Each route's OpenAPI description names it for 4XX and 5XX.
 */
export const errorSchema = z.strictObject({
  error: z.strictObject({
    status: z.number(),
    name: z.string(),
    message: z.string(),
    details: z.looseObject({ errors: z.optional(z.array(fieldErrorSchema)) }),
    requestId: z.optional(z.string()),
  }),
});
export type ErrorAnswer = z.output<typeof errorSchema>;

/**
 * Described as a binary string (zod's file), typed as what a route hands Fastify for it: bytes, a
 * stream, or nothing (a HEAD). The one cast of the contracts: zod has no schema that both
 * describes binary and types a Node stream.
 */
const fileBytes = z.file() as unknown as z.ZodMiniType<Uint8Array | AsyncIterable<unknown> | undefined>;

/**
 * A file sent as it is (a download, often streamed): its media type and bytes, for the OpenAPI
 * description. Nothing is serialized: a stream or a buffer goes out untouched.
 */
export const fileAnswer = (type: string) => ({ content: { [type]: { schema: fileBytes } } });

/** The media types of the exports: a spreadsheet, a CRM's CSV, an address book's vCards. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';
export const VCARD_TYPE = 'text/vcard; charset=utf-8';
