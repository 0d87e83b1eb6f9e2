import { appVersions } from './app-versions.js';
import { auditLog } from './audit-log.js';
import { auth } from './auth.js';
import { cashRegister } from './cash-register.js';
import { categories } from './categories.js';
import { dashboard } from './dashboard.js';
import { dispatch } from './dispatch.js';
import { driverApp } from './driver-app.js';
import { driverMeals } from './driver-meals.js';
import { drivers } from './drivers.js';
import { events } from './events.js';
import { health } from './health.js';
import { incidents } from './incidents.js';
import { integrationApi, integrations } from './integrations.js';
import { notifications } from './notifications.js';
import { orders } from './orders.js';
import { products } from './products.js';
import { proofs } from './proofs.js';
import { restaurants } from './restaurants.js';
import { search } from './search.js';
import { settlements } from './settlements.js';
import { tracking } from './tracking.js';
import { uploads } from './uploads.js';
import { users } from './users.js';
import { vehicles } from './vehicles.js';
import { webhooks } from './webhooks.js';
import { zones } from './zones.js';

export * from './endpoint.js';
export { XLSX_TYPE } from './files.js';
export { integrationApi } from './integrations.js';

/** Every endpoint of the API, by domain: the one declaration the API, its document and clients share. */
export const endpoints = {
  vehicles,
  events,
  auth,
  users,
  restaurants,
  products,
  categories,
  appVersions,
  auditLog,
  dashboard,
  search,
  uploads,
  health,
  orders,
  dispatch,
  drivers,
  driverApp,
  cashRegister,
  settlements,
  driverMeals,
  integrations,
  integrationApi,
  webhooks,
  zones,
  incidents,
  tracking,
  notifications,
  proofs,
};
