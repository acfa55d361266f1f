/** Picks the field of the page's language (a bilingual record's `…Fr` or `…En`), else the other one. */
export function localized(lang: string, fr: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en || fr : fr || en) ?? '';
}
