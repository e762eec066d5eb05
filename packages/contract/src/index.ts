export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './health.js';
export * from './messages.js';
export * from './permissions.js';
export * from './routes.js';
export * from './school.js';
