import { cashRegister } from './cash-register.js';
import { dispatch } from './dispatch.js';
import { driverApp } from './driver-app.js';
import { driverMeals } from './driver-meals.js';
import { drivers } from './drivers.js';
import { orders } from './orders.js';
import { settlements } from './settlements.js';
import { vehicles } from './vehicles.js';

export * from './endpoint.js';

/** Every endpoint of the API, by domain: the one declaration the API, its document and clients share. */
export const endpoints = {
  vehicles,
  orders,
  dispatch,
  drivers,
  driverApp,
  cashRegister,
  settlements,
  driverMeals,
};
