export * from './share-code.js';
