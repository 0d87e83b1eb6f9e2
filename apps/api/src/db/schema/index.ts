export * from './audit.js';
export * from './auth.js';
export * from './categories.js';
export * from './products.js';
export * from './restaurants.js';
export * from './uploads.js';
export * from './users.js';
