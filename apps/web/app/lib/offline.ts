/**
 * The gate pages and the kiosk must open with no network once they were opened online: the
 * service worker served by the API at /offline-sw.js keeps them and their scripts (see
 * apps/api/src/domains/gate/offline-sw.routes.ts). Call this from their useEffect.
 *
 * Only built pages register it: in development Vite serves unbundled modules the worker does not
 * know. Any failure (an old browser, a private window, plain http on a LAN address) is ignored:
 * the page works online without it.
 */
export function registerOfflinePages(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/offline-sw.js', { scope: '/' }).catch(() => undefined);
}
