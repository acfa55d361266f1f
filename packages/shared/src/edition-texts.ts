import { ordinalText, rangeParts } from './day-format';
import { pickFilled, type Language, type Texts } from './language';
import { sharedTexts } from './texts/index';

/** What the site's texts say of the edition it shows: its number, year, dates, city and theme. */
export interface EditionFacts {
  edition: number;
  year: number;
  /** YYYY-MM-DD */
  startsOn: string;
  /** YYYY-MM-DD */
  endsOn: string;
  city: string;
  /** The theme in each language the organisers gave it in (`pickFilled` reads it). */
  theme: Partial<Texts<string | null>>;
}

/**
 * The values every edition-specific text is filled with (`{{dates}}` in the translation files,
 * and the mails, badges and PDFs): one template per text, the edition's fields in it.
 * French: edition '6e', dates '29 mai au 1er juin 2024' (after 'Du' or 'du'); English: '6th',
 * '29 May to 1 June 2024'.
 */
export interface EditionTexts {
  edition: string;
  year: string;
  dates: string;
  city: string;
  theme: string;
  /** 'quatre jours', 'four days': how long the show lasts, from its dates. */
  duration: string;
}

const DAY_MS = 86_400_000;

/** '29 mai au 1er juin 2024' (after 'du'), '29 May to 1 June 2024'; one day: '3 juin 2025'. */
export function datesText(startsOn: string, endsOn: string, lang: Language): string {
  const { start, end } = rangeParts(startsOn, endsOn, lang);
  return startsOn === endsOn ? end : `${start} ${sharedTexts(lang).datesJoin} ${end}`;
}

export function editionTexts(facts: EditionFacts, lang: Language): EditionTexts {
  const days = Math.round((Date.parse(facts.endsOn) - Date.parse(facts.startsOn)) / DAY_MS) + 1;
  const dates = datesText(facts.startsOn, facts.endsOn, lang);
  return {
    edition: ordinalText(facts.edition, lang),
    year: String(facts.year),
    dates,
    city: facts.city,
    theme: pickFilled(lang, facts.theme),
    duration: sharedTexts(lang).dayCount(days),
  };
}

/** An edition's facts alone, from a row that holds more. */
export const editionFacts = ({ edition, year, startsOn, endsOn, city, theme }: EditionFacts): EditionFacts => ({
  edition,
  year,
  startsOn,
  endsOn,
  city,
  theme,
});
