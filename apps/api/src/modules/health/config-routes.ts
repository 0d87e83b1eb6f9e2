import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What the web app needs to know of the server's configuration (nothing secret but the maps key, which is public by design). */
export async function configRoutes(app: FastifyInstance) {
  const body = z.object({
    currency: z.string(),
    /** The most one driver meal may cost, minor units. */
    meal_max_amount: z.number().int(),
    /** The operation's bank account, shown on payment orders. */
    operation_iban: z.string().nullable(),
    time_zone: z.string(),
    map: z.object({
      provider: z.enum(['leaflet', 'google']),
      tile_url: z.string(),
      tile_attribution: z.string(),
      google_maps_api_key: z.string().nullable(),
      /** A driver's location older than this is flagged stale. */
      stale_location_minutes: z.number().int(),
    }),
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Public configuration for the clients',
        description:
          "The currency, the operation's time zone (every period and every time the back office shows is in it), the largest driver meal, the operation's IBAN and the map provider with the age after which a driver's location counts as stale. Nothing secret.",
        tags: ['health'],
        response: { 200: body },
      },
    },
    async () => ({
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
    }),
  );
}
