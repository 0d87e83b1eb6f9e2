import { vehicles } from './vehicles.js';

export * from './endpoint.js';

/** Every endpoint of the API, by domain: the one declaration the API, its document and clients share. */
export const endpoints = { vehicles };
