import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  editionFacts,
  LANGUAGE_COOKIE,
  getEvents,
  type EditionFacts,
  type ScriptStart,
  type WebLoadContext,
} from '@salon/shared';
import { loaderDataOr } from './lib/server-api';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { ClockProvider } from './lib/clock-provider';
import { rememberLanguage, storedLanguage, switchLanguage } from './lib/i18n';
import { serverT } from './lib/i18n.server';
import { screenTitles } from './lib/screen-titles';
import { deferredScriptsStarter, READING_PAGES } from './lib/deferred-scripts';
import { INLINE_STYLE_ID, useInlineStyle, useNonce } from './lib/nonce';
import { paths } from './config/paths';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context as Partial<WebLoadContext> | undefined;
  // Our server gives the current edition; under `npm run dev` (Vite alone) it is read from the API.
  const show = ctx?.show ?? (await devShow(context));
  const { lang, t } = serverT(request, context);
  // The language links are plain links to ?lang=: the server remembers the choice, as the
  // script does, so that the next page (a link without ?lang=) stays in that language.
  const chosen = isLanguage(new URL(request.url).searchParams.get('lang'));
  return data(
    {
      lang,
      now: ctx?.now ?? new Date().toISOString(),
      publicUrl: ctx?.publicUrl ?? new URL(request.url).origin,
      productSlug: ctx?.productSlug ?? 'salon',
      underConstruction: ctx?.underConstruction ?? false,
      show,
      registration: ctx?.registration ?? null,
      preview: ctx?.preview ?? null,
      // The titles of the screens that have no loader of their own to translate them (screen-titles.ts).
      screenTitles: screenTitles(t),
    },
    chosen
      ? { headers: { 'Set-Cookie': `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax` } }
      : undefined,
  );
}

/** Language, clock and settings are read once per visit, not on every navigation. */
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentUrl.searchParams.get('lang') !== nextUrl.searchParams.get('lang');
}

// In development Vite serves the style sheets; built pages carry them inline (entry.server.tsx, lib/nonce.ts).
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: appCss }] : []),
  { rel: 'icon', href: '/assets/images/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const lang = rootData?.lang ?? DEFAULT_LANGUAGE;
  const nonce = useNonce();
  const inlineStyle = useInlineStyle();
  const { pathname } = useLocation();
  const pageUrl = `${rootData?.publicUrl ?? ''}${pathname}`;
  const matches = useMatches();
  // A reading page's scripts wait for an interaction, unless its loader asks otherwise.
  const leaf = matches[matches.length - 1];
  const asked = (leaf?.data as { scripts?: ScriptStart } | undefined)?.scripts;
  const start: ScriptStart = asked ?? (READING_PAGES.has(leaf?.id ?? '') ? 'on-interaction' : 'after-paint');
  return (
    // data-show: the edition the texts were written for, which the browser fills them with too (pageShow).
    <html lang={lang} data-show={rootData?.show ? JSON.stringify(rootData.show) : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {inlineStyle.css && (
          <style
            id={INLINE_STYLE_ID}
            nonce={inlineStyle.nonce}
            // Hydration finds the same text in the page: React leaves it as it is.
            dangerouslySetInnerHTML={{ __html: inlineStyle.css }}
          />
        )}
        {/* Every page exists in both languages: ?lang= gives each its own URL for search engines. */}
        {LANGUAGES.map((l) => (
          <link key={l} rel="alternate" hrefLang={l} href={`${pageUrl}?lang=${l}`} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={pageUrl} />
        {rootData?.preview && <meta name="robots" content="noindex, nofollow" />}
        <Meta />
        <Links />
      </head>
      <body>
        {rootData?.preview && <PreviewBanner name={rootData.preview.name} />}
        {children}
        <ScrollRestoration nonce={nonce} />
        <script
          nonce={nonce}
          suppressHydrationWarning
          data-scripts-start={start}
          // Only the server's text counts: written into the page, it has run before React starts
          // (the browser's bundle leaves the starter out).
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR ? deferredScriptsStarter(`/assets/i18n/${lang}.json`, start) : '',
          }}
        />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function useLanguagePreference() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const param = new URLSearchParams(window.location.search).get('lang');
    if (isLanguage(param)) {
      rememberLanguage(param);
      return;
    }
    // The cookie may be gone while localStorage still holds the reader's choice.
    const stored = storedLanguage();
    if (stored && stored !== i18n.language) void switchLanguage(i18n, stored);
    else if (!stored && isLanguage(i18n.language)) rememberLanguage(i18n.language);
  }, [i18n]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  const navigate = useNavigate();
  useLanguagePreference();
  useEffect(() => {
    // Loaded apart: pages that are only read never call the API from the browser.
    void import('./lib/api-client').then(({ setSessionExpiredHandler }) =>
      setSessionExpiredHandler((returnUrl) => {
        void navigate(`${paths.login}?expired=1&returnUrl=${encodeURIComponent(returnUrl)}`);
      }),
    );
  }, [navigate]);
  return (
    <QueryClientProvider client={queryClient}>
      <ClockProvider serverNow={loaderData.now}>
        <Outlet />
      </ClockProvider>
    </QueryClientProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="container page">
      <h1>{t('errors.pageTitle')}</h1>
      <p>{status === 404 ? t('errors.notFound') : t('errors.generic')}</p>
      <a className="btn btn-primary" href={paths.home}>
        {t('nav.home')}
      </a>
    </main>
  );
}

/** The current edition from the API, for `npm run dev`, where no server context carries it. */
async function devShow(context: unknown): Promise<EditionFacts | null> {
  const editions = await loaderDataOr(context, getEvents, {}, []);
  const e = editions.find((edition) => edition.current);
  if (!e?.startsOn || !e.endsOn || !e.city) return null;
  return editionFacts({ ...e, startsOn: e.startsOn, endsOn: e.endsOn, city: e.city });
}

/** An organiser's preview of an edition not current yet: said on every page, and how to leave it. */
function PreviewBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <p className="preview-banner" role="status">
      {t('preview.banner', { name })} <a href="/?apercu=fin">{t('preview.leave')}</a>
    </p>
  );
}
