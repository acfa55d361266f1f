import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { collaboratorFormSchema, exhibitorInfoSchema, looksLikeLink, visitorFormSchema } from '../src';

/** Company names and person names that a mail may print: none is a link. */
const LEGITIMATE = [
  'B.T.P. Maroc',
  'Ets. Alami & Fils',
  'S.A.R.L',
  'S.A.R.L.',
  'Alami & Fils S.A.R.L AU',
  'Cie. Générale des Travaux',
  'Ste.Générale de Construction',
  'M.Alami',
  'J.-P. Martin',
  'Groupe 2.0',
  'Béton 3.5 Industrie',
  'Co., Ltd',
  'Directeur Général Adj.',
  'Fonderies du Maroc (F.D.M.)',
  'Atlas B.T.P.',
  'Sté. Ouarzazate',
  'M. Benali',
  'Bât. 3',
  'S.A.R.L.AU',
  'Béton 3.5 Industrie, gamme 2.0.1',
];

/** Lures: text that Gmail or Outlook would show as a link. */
const LURES = [
  'Urgent : validez votre badge sur salon-btp-badges.example/valider',
  'salon-btp-badges.example',
  'SALON-BTP.COM/VALIDER',
  'Validez sur badges.salon-btp.ma',
  'bit.ly/3xYz',
  'https://salon-btp.example',
  'http:/salon-btp.example',
  'www.salon-btp.example',
  'badge@salon-btp.example',
  'salon-btp-badges\u3002example/valider',
  'salon-btp-badges\uFF0Eexample',
  'Urgent : validez votre badge sur 203.0.113.7/valider',
  '203.0.113.7',
  'salon-btp.рф/valider',
  'Validez sur бейдж.рф',
  'x.co/valider',
  'Validez sur x.co',
  'X.CO/valider',
];

describe('looksLikeLink', () => {
  it('lets initials, abbreviations followed by a space and version numbers through', () => {
    expect(LEGITIMATE.filter(looksLikeLink)).toEqual([]);
  });

  it('finds a scheme, www., an e-mail address and a bare host name, with or without a path', () => {
    expect(LURES.filter((text) => !looksLikeLink(text))).toEqual([]);
  });

  it('reads a text of 200,000 characters in milliseconds, whatever it repeats', () => {
    for (const unit of ['a.', 'a-', '1.', 'x.y', 'é.', 'ab_', 'M.A', '1.2.3', 'рф.']) {
      const text = unit.repeat(Math.ceil(200_000 / unit.length)).slice(0, 200_000) + '!';
      const start = performance.now();
      looksLikeLink(text);
      expect(performance.now() - start, unit).toBeLessThan(100);
    }
  });
});

describe('the forms whose text a mail prints refuse a link with the noLink key', () => {
  const issues = (schema: Parameters<typeof z.safeParse>[0], value: unknown) =>
    z.safeParse(schema, value).error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

  it('the exhibitor’s company in Informations', () => {
    const form = { name: 'Julie Belkadi', email: 'julie@example.com', phone: '+212 6 00 00 01 00' };
    for (const company of LEGITIMATE) expect(issues(exhibitorInfoSchema, { ...form, company })).toEqual([]);
    expect(issues(exhibitorInfoSchema, { ...form, company: LURES[0] })).toEqual([
      { path: ['company'], message: 'noLink' },
    ]);
  });

  it('the name and position typed for a new collaborator', () => {
    const form = { name: 'Karim Alami', jobPosition: 'Commercial', email: 'k@example.com', phone: '0600000000' };
    expect(issues(collaboratorFormSchema, form)).toEqual([]);
    expect(issues(collaboratorFormSchema, { ...form, name: 'M.Alami', jobPosition: 'Dir. Technique' })).toEqual([]);
    expect(
      issues(collaboratorFormSchema, { ...form, name: 'Validez sur salon-btp.example', jobPosition: 'www.x.example' }),
    ).toEqual([
      { path: ['name'], message: 'noLink' },
      { path: ['jobPosition'], message: 'noLink' },
    ]);
  });

  it('a name past its limit is refused for its length alone: the link rule does not read it', () => {
    const form = { name: 'Sara Bennani', email: 's@example.com', phone: '0600000000' };
    const result = z.safeParse(visitorFormSchema, { ...form, name: `www.${'a'.repeat(300)}.example` });
    expect(result.error?.issues.map((i) => ({ path: i.path, code: i.code }))).toEqual([
      { path: ['name'], code: 'too_big' },
    ]);
  });

  it('the visitor’s name and company, printed on the badge it mails', () => {
    const form = { name: 'Sara Bennani', email: 's@example.com', phone: '0600000000' };
    expect(issues(visitorFormSchema, { ...form, company: 'B.T.P. Maroc' })).toEqual([]);
    expect(issues(visitorFormSchema, { ...form, company: 'salon-btp.example/valider' })).toEqual([
      { path: ['company'], message: 'noLink' },
    ]);
  });
});
