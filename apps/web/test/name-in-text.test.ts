import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NAME_SLOT, nameInText } from '../app/components/ui/name-in-text';
import { createI18n } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';
import { DEMO_SHOW } from './show';

/** A name typed in Arabic (TYPED_NAMES in apps/api/src/domains/badges/badge-pdf.test-support.ts). */
const ARABIC = 'محمد بن عبد الله العلوي';

describe('a name inside a sentence', () => {
  it('sits in a <bdi> of its own, as typed, with the sentence around it unchanged', () => {
    const { t } = createI18n('fr', serverResources, DEMO_SHOW);
    const html = renderToStaticMarkup(
      createElement('p', null, nameInText(t('scanner.teamToday', { name: NAME_SLOT, time: '10:30' }), ARABIC)),
    );
    expect(html).toBe(`<p>Déjà scanné par <bdi>${ARABIC}</bdi> à 10:30</p>`);
  });

  it('first in the sentence too, and in English', () => {
    const { t } = createI18n('en', serverResources, DEMO_SHOW);
    const company = 'Atlas للبناء والأشغال SARL';
    const html = renderToStaticMarkup(
      createElement('p', null, nameInText(t('ebadge.visited.confirmText', { company: NAME_SLOT }), company)),
    );
    expect(html).toMatch(new RegExp(`^<p><bdi>${company}</bdi> will no longer see your e-mail`));
  });
});
