import { describe, expect, it } from 'vitest';
import { asLanguage, inEveryLanguage, langParam, LANGUAGES, pick, pickFilled } from '../src';

describe('pick', () => {
  it('gives the text of the language asked for, in each language', () => {
    const texts = inEveryLanguage((lang) => `texte ${lang}`);
    for (const lang of LANGUAGES) expect(pick(lang, texts)).toBe(`texte ${lang}`);
    expect(
      pick(
        'fr',
        inEveryLanguage((lang) => (lang === 'fr' ? '' : 'x')),
      ),
    ).toBe('');
  });
});

describe('pickFilled', () => {
  it('gives an organiser’s text in the language asked for, else in the first language that has one', () => {
    expect(pickFilled('en', { fr: 'Gros œuvre', en: 'Structural work' })).toBe('Structural work');
    expect(pickFilled('en', { fr: 'Gros œuvre', en: '' })).toBe('Gros œuvre');
    expect(pickFilled('fr', { fr: null, en: 'Structural work' })).toBe('Structural work');
    expect(pickFilled('fr', { fr: null, en: undefined })).toBe('');
  });
  it('reads a stored multilingual value, a language it lacks read as none', () => {
    expect(pickFilled('en', { fr: 'Toiture' })).toBe('Toiture');
    expect(pickFilled('fr', { en: 'Roofing' })).toBe('Roofing');
    expect(pickFilled('fr', {})).toBe('');
  });
});

describe('a language read from outside', () => {
  it('is one of ours, or French', () => {
    expect(asLanguage('en')).toBe('en');
    expect(asLanguage('de')).toBe('fr');
    expect(asLanguage(null)).toBe('fr');
  });
  it('is written in a link unless it is French, the site’s default', () => {
    expect(langParam('fr', '&')).toBe('');
    expect(langParam('en', '?')).toBe('?lang=en');
  });
  it('gets a value made for each of LANGUAGES', () => {
    expect(Object.keys(inEveryLanguage((lang) => lang.toUpperCase()))).toEqual([...LANGUAGES]);
  });
});
