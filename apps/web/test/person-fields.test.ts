import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { visitorFormSchema } from '@salon/shared';
import { VisitorRegistrationForm } from '../app/components/registration/visitor-form';
import { createI18n } from '../app/lib/i18n';
import { serverResources } from '../app/lib/i18n.server';
import { DEMO_SHOW } from './show';

/** The home page's visitor form as the server renders it, in French. */
function renderVisitorForm(): string {
  return renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(
        I18nextProvider,
        { i18n: createI18n('fr', serverResources, DEMO_SHOW) },
        createElement(VisitorRegistrationForm),
      ),
    ),
  );
}

describe('a person’s fields in the visitor form', () => {
  it('asks for every field the visitor schema declares, the language aside, in the schema’s order', () => {
    const html = renderVisitorForm();
    const asked = [...html.matchAll(/<input[^>]* name="([^"]+)"/g)].map((m) => m[1]);
    expect(asked).toEqual(Object.keys(visitorFormSchema.shape).filter((field) => field !== 'lang'));
  });

  it('labels each field with its French text and marks name, e-mail and phone required', () => {
    const html = renderVisitorForm();
    for (const label of ['Nom &amp; Prénom', 'Email', 'Téléphone', 'Société', 'Fonction'])
      expect(html).toContain(label);
    expect(html.match(/<input[^>]* required=""/g)).toHaveLength(3);
  });
});
