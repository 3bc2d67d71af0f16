export * from './grade-suggestion.js';
export * from './schemas.js';
