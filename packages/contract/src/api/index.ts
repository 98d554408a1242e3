export * from './endpoint.js';
export * from './endpoints.js';
export * from './no-input.js';
export * from './route.js';
export * from './routes.js';
export * from './version.js';
