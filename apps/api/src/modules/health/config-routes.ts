import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';

export async function configRoutes(app: FastifyInstance) {
  route(app, endpoints.health.config, async () => ({
    currency: app.config.currency,
    meal_max_amount: app.config.mealMaxAmount,
    operation_iban: app.config.operationIban,
    time_zone: app.config.timeZone,
    map: {
      provider: app.config.googleMapsApiKey ? ('google' as const) : ('leaflet' as const),
      tile_url: app.config.tileUrl,
      tile_attribution: app.config.tileAttribution,
      google_maps_api_key: app.config.googleMapsApiKey ?? null,
      stale_location_minutes: app.config.staleLocationMinutes,
    },
  }));
}
