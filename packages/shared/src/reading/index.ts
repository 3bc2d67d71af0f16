export * from './reading-syntax.js';
export * from './tone-marks.js';
export * from './word-entries.js';
