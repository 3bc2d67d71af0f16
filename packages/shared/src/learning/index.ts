export * from './memory-model.js';
export * from './history.js';
export * from './fit-speed.js';
export * from './calibrate.js';
export * from './predict.js';
export * from './planner.js';
export * from './child-history.js';
export * from './trouble.js';
