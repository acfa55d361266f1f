/**
 * The API's calls, declared once by domain (packages/shared `call()`): the API registers each
 * with `route()`, the web sends it with `api()`.
 */
export * from './registration';
export * from './auth';
export * from './account';
export * from './scans';
export * from './badges';
export * from './exhibitor-page';
export * from './directory';
export * from './programme';
export * from './content';
export * from './back-office-records';
export * from './back-office';
export * from './back-office-people';
export * from './gate';
export * from './kiosk';
export * from './visit';
export * from './health';
export * from './passkit';
export * from './stand-sales';
