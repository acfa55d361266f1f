import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { asLanguage } from '@salon/shared';
import { createI18n, fetchMessages, pageShow } from './lib/i18n';
import { INLINE_STYLE_ID, InlineStyleContext } from './lib/nonce';

async function start() {
  // Hydrate in the language the server rendered; the file is preloaded by the page head.
  const htmlLang = document.documentElement.lang;
  const lang = asLanguage(htmlLang);
  const i18n = createI18n(lang, { [lang]: { translation: await fetchMessages(lang) } }, pageShow());
  // The style sheet the server wrote into the page, kept as it is.
  const inlineStyle = { css: document.getElementById(INLINE_STYLE_ID)?.textContent ?? '' };
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <InlineStyleContext.Provider value={inlineStyle}>
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </InlineStyleContext.Provider>
      </StrictMode>,
    );
  });
}

void start();
