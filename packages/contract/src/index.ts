export * from './envelope.js';
export * from './errors.js';
export * from './languages.js';
export * from './markets.js';
export * from './server.js';
export * from './socket.js';
export * from './identity.js';
export * from './money.js';
