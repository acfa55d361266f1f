import { describe, expect, it } from 'vitest';
import { exhibitorIdOfSlug, exhibitorPageFormSchema, exhibitorSlug } from '../src';
import * as z from 'zod/mini';

describe('an exhibitor page’s address', () => {
  it('is the company in plain letters followed by the account’s id', () => {
    expect(exhibitorSlug('Ciments du Maroc', 42)).toBe('ciments-du-maroc-42');
    expect(exhibitorSlug('  Société Générale — BTP & Fils ', 7)).toBe('societe-generale-btp-fils-7');
    expect(exhibitorSlug('Groupe 2024', 3)).toBe('groupe-2024-3');
  });

  it('is the id alone for a name without Latin letters or digits', () => {
    expect(exhibitorSlug('مجموعة البناء', 12)).toBe('12');
    expect(exhibitorSlug(null, 12)).toBe('12');
  });

  it('keeps at most 60 characters of the name', () => {
    const slug = exhibitorSlug('Très '.repeat(40), 9);
    expect(slug.length).toBeLessThanOrEqual(62);
    expect(slug).toMatch(/^tres(-tres)*-9$/);
  });

  it('names its account by its last number, whatever the name before it', () => {
    expect(exhibitorIdOfSlug('ciments-du-maroc-42')).toBe(42);
    expect(exhibitorIdOfSlug('ancien-nom-42')).toBe(42);
    expect(exhibitorIdOfSlug('groupe-2024-3')).toBe(3);
    expect(exhibitorIdOfSlug('42')).toBe(42);
  });

  it('names no account when it has no number, a zero, capitals, other characters or too many digits', () => {
    for (const slug of [
      'ciments',
      'ciments-0',
      'Ciments-42',
      'ciments_42',
      '../42x',
      '1234567890',
      '',
      'a'.repeat(90) + '-4',
    ])
      expect(exhibitorIdOfSlug(slug)).toBeNull();
  });
});

describe('the page’s form', () => {
  const errorsOf = (input: unknown) =>
    (z.safeParse(exhibitorPageFormSchema, input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

  it('accepts what an exhibitor writes, links of the web only', () => {
    expect(
      errorsOf({
        description: { fr: 'Béton prêt à l’emploi.', en: 'Ready-mixed concrete.' },
        brands: ['Atlas'],
        website: 'https://ciments.example',
        sectorIds: [1, 2],
      }),
    ).toEqual([]);
  });

  it('refuses a link with a line break, a tab, a space or another control character, and keeps a link as new URL writes it', () => {
    for (const website of [
      'https://atlas.example/\r\nEND:VCARD',
      'https://atlas.example/\tx',
      'https://atlas.example/a b',
      'https://atlas.example/\u0000',
      'https://atlas.example/\u0085',
    ]) {
      expect(errorsOf({ website })).toEqual(['website: webUrl']);
    }
    expect(z.parse(exhibitorPageFormSchema, { website: ' HTTPS://Atlas.Example/Béton ' }).website).toBe(
      'https://atlas.example/B%C3%A9ton',
    );
  });

  it('refuses a description too long, a link that is not http(s), six sectors, four documents and an empty brand', () => {
    expect(
      errorsOf({
        description: { en: 'x'.repeat(3001) },
        linkedin: 'javascript:alert(1)',
        sectorIds: [1, 2, 3, 4, 5, 6],
        documentIds: [1, 2, 3, 4],
        brands: ['  '],
      }),
    ).toEqual([
      'description.en: tooLong',
      'sectorIds: tooMany',
      'brands.0: required',
      'linkedin: webUrl',
      'documentIds: tooMany',
    ]);
  });
});
