export * from './constants';
export * from './normalize';
export * from './clock';
export * from './schemas';
export * from './query-string';
export * from './day-format';
export * from './gate';
export * from './admin-schemas';
