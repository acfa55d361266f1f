/**
 * What the API answers, declared once: each Fastify route declares its answer with one of these
 * (`schema.response`; the server sends nothing else: a field outside the contract or a missing
 * one is a 500 its tests see), the OpenAPI description at /backend/docs shows it, and the web
 * types its calls with the same type (`Answer<typeof schema>`). The specification's calls are
 * contracts like the others; where one address answers two shapes, its contract is a union.
 */
export * from './common';
export * from './registration';
export * from './account';
export * from './scans';
export * from './badges';
export * from './gate';
export * from './content';
export * from './directory';
export * from './admin-records';
export * from './admin-devices';
export * from './admin-exhibitors';
export * from './health';
export * from './admin-people';
export * from './admin-mail';
export * from './admin-editions';
export * from './visit';
export * from './admin-exhibitor-pages';
export * from './stand-sales';
