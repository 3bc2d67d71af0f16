export * from './constants.js';
export * from './schedule.js';
export * from './practice-order.js';
