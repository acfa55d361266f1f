/**
 * The database's tables, one file per concern under schema/. drizzle-kit reads this file
 * (drizzle.config.ts) to write the migrations, and client.ts gives all of it to drizzle: every
 * table and enum must be exported from here.
 */

export * from './schema/files';
export * from './schema/show';
export * from './schema/people';
export * from './schema/on-site';
export * from './schema/messages';
export * from './schema/site';
export * from './schema/system';
export * from './schema/wallet';
export * from './schema/sales';
