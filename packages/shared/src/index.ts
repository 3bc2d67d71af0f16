export * from './languages.js';
export * from './messages.js';
export * from './text.js';
export * from './word-list-cleanup.js';
export * from './dates.js';
export * from './stats.js';
export * from './scheduler/index.js';
export * from './schemas/index.js';
