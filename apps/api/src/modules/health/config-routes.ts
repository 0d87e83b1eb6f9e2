import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What the web app needs to know of the server's configuration (nothing secret but the maps key, which is public by design). */
export async function configRoutes(app: FastifyInstance) {
  const body = z.object({
    currency: z.string(),
    time_zone: z.string(),
    map: z.object({
      provider: z.enum(['leaflet', 'google']),
      tile_url: z.string(),
      tile_attribution: z.string(),
      google_maps_api_key: z.string().nullable(),
    }),
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Public configuration for the clients',
        description:
          "The currency, the operation's time zone (every period and every time the back office shows is in it) and the map provider the web app uses. Nothing secret.",
        tags: ['health'],
        response: { 200: body },
      },
    },
    async () => ({
      currency: app.config.currency,
      time_zone: app.config.timeZone,
      map: {
        provider: app.config.googleMapsApiKey ? ('google' as const) : ('leaflet' as const),
        tile_url: app.config.tileUrl,
        tile_attribution: app.config.tileAttribution,
        google_maps_api_key: app.config.googleMapsApiKey ?? null,
      },
    }),
  );
}
