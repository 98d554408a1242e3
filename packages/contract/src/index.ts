export * from './envelope.js';
export * from './errors.js';
export * from './identity.js';
export * from './languages.js';
export * from './markets.js';
export * from './money.js';
export * from './server.js';
export * from './socket.js';
