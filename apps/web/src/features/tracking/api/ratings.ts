import { $api } from '../../../lib/api-client';

/** The dashboard's window of customers' ratings (days). */
export const RATINGS_DAYS = 30;

/** GET /api/ratings: the dashboard's ratings card, and the dashboard route's loader ahead of it. */
export const ratingsQueryOptions = () =>
  $api.queryOptions(
    'get',
    '/api/ratings',
    { params: { query: { days: RATINGS_DAYS } } },
    { select: (answer) => answer.data },
  );
