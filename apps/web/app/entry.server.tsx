import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { asLanguage, type EditionFacts, type WebLoadContext } from '@salon/shared';
import { createI18n } from './lib/i18n';
import { serverResources } from './lib/i18n.server';
import appCss from './app.css?inline';
import { READING_PAGES } from './lib/deferred-scripts';
import { deferScripts } from './lib/deferred-scripts.server';
import { InlineStyleContext, NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

const sheets = new Map<string, string>();
/** The browser's half of the build: this module is in build/server/, the sheets in build/client/. */
const clientBuild = `${import.meta.url.slice(0, import.meta.url.lastIndexOf('/server/'))}/client`;
/**
 * The style sheets of the screens the page shows (a route's own `.css` imports, which Vite builds
 * per route and React Router links), read once from the build. They go into the page's <style>
 * after the base sheet, so the first paint needs no second request (decisions 008, 025, 031); the
 * HTML stream disables React Router's links to them (lib/deferred-scripts.server.ts). A screen
 * reached by a link inside the app gets its sheets from those links, as React Router loads them.
 */
function screenCss({ manifest, staticHandlerContext }: EntryContext): string {
  const hrefs = new Set(staticHandlerContext.matches.flatMap((match) => manifest.routes[match.route.id]?.css ?? []));
  return [...hrefs]
    .map((href) => {
      let css = sheets.get(href);
      if (css === undefined) {
        css = readFileSync(new URL(`${clientBuild}${href}`), 'utf8');
        sheets.set(href, css);
      }
      return css;
    })
    .join('\n');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, styleNonce } = (loadContext as Partial<WebLoadContext> | undefined) ?? {};
  const inlineStyle = { css: import.meta.env.DEV ? '' : `${appCss}\n${screenCss(routerContext)}`, nonce: styleNonce };
  const rootData = routerContext.staticHandlerContext.loaderData.root as
    { lang?: unknown; show?: EditionFacts | null } | undefined;
  const i18n = createI18n(asLanguage(rootData?.lang), serverResources, rootData?.show ?? null);
  // The pages that are read (public, their content the same for every visitor) open in the
  // browsing context they were linked from: a page with Cross-Origin-Opener-Policy needs one of
  // its own, and a phone starts a new renderer process for it before it can show anything
  // (decision 029). Every other page keeps the API's `same-origin` (plugins/security.ts).
  const leaf = routerContext.staticHandlerContext.matches.at(-1)?.route.id ?? '';
  if (READING_PAGES.has(leaf)) responseHeaders.set('Cross-Origin-Opener-Policy', 'unsafe-none');

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption =
      isbot(request.headers.get('user-agent')) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStyleContext.Provider value={inlineStyle}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </InlineStyleContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const html = createReadableStreamFromReadable(body);
          // In production the page's scripts wait for its first paint (lib/deferred-scripts.ts).
          const page = import.meta.env.DEV
            ? html
            : html
                // (TypeScript types the decoder as taking any BufferSource, which a Uint8Array is.)
                .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
                .pipeThrough(deferScripts())
                .pipeThrough(new TextEncoderStream());
          resolve(
            new Response(page, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
