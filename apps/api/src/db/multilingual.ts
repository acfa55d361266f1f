import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { inEveryLanguage, LANGUAGES, type Texts } from '@salon/shared';
import type { Multilingual } from './schema/columns';

/** What the organisers' multilingual columns are read and written with (schema/columns.ts). */

/** Each language's text of a multilingual column, in LANGUAGES's order: to search or match them. */
export const eachLanguage = (column: AnyPgColumn): SQL<string | null>[] =>
  LANGUAGES.map((lang) => sql<string | null>`(${column} ->> ${lang})`);

/** Every language's text of a stored value, '' for one it lacks: what the forms and the areas read. */
export const textsOf = (value: Partial<Record<string, string | null>>): Texts<string> =>
  inEveryLanguage((lang) => value[lang] ?? '');

/** A new record's texts: each language a form gave, null for the others. */
export const multilingualValue = (texts: Partial<Texts<string | null | undefined>> | undefined): Multilingual =>
  inEveryLanguage((lang) => texts?.[lang] ?? null);

/** A change of some languages' texts: the others keep theirs. */
export const changedTexts = (column: AnyPgColumn, texts: Partial<Texts<string | null | undefined>>): SQL => {
  const given = Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== undefined));
  return sql`${column} || ${JSON.stringify(given)}::jsonb`;
};

/** A multilingual column's languages as fields `<name>.<lang>`: what a list is sorted by. */
export const languageFields = (name: string, column: AnyPgColumn): Record<string, SQL<string | null>> => {
  const texts = eachLanguage(column);
  return Object.fromEntries(LANGUAGES.map((lang, i) => [`${name}.${lang}`, texts[i]!]));
};
