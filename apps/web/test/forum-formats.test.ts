import { describe, expect, it } from 'vitest';
import type { Conference } from '@salon/shared';
import { forumFormats } from '../app/features/programme/forum-formats';
import { createI18n } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';

const session = (n: number): Conference =>
  ({
    kind: 'sponsor',
    day: '2026-06-01',
    startsAt: `${String(8 + n).padStart(2, '0')}:00`,
    endsAt: `${String(9 + n).padStart(2, '0')}:00`,
  }) as Conference;
const sessions = (count: number) => Array.from({ length: count }, (_, i) => session(i));
const formats = (lang: 'fr' | 'en', count: number) =>
  forumFormats(sessions(count), lang, createI18n(lang, serverResources, null).t)[0];

describe('the forum’s formats', () => {
  it('count the sessions in words up to six, in each language', () => {
    expect(formats('fr', 1)).toMatch(/^Une session sponsors le 1er juin/);
    expect(formats('fr', 2)).toMatch(/^Deux sessions sponsors le 1er juin/);
    expect(formats('fr', 6)).toMatch(/^Six sessions sponsors/);
    expect(formats('en', 1)).toMatch(/^A sponsor session on 1 June/);
    expect(formats('en', 3)).toMatch(/^Three sponsor sessions on 1 June/);
  });

  it('count them in figures beyond six', () => {
    expect(formats('fr', 7)).toMatch(/^7 sessions sponsors/);
    expect(formats('en', 7)).toMatch(/^7 sponsor sessions/);
  });
});
