import { useWrite } from '../../../lib/api-client';

/**
 * PUT /drivers/:id/planned-end: when a driver on shift plans to stop, or null to clear it. Quiet: the
 * dialog shows a refusal beside its field (the drivers reads refresh after it).
 */
export const useSetPlannedEnd = () =>
  useWrite(
    'put',
    '/api/drivers/{id}/planned-end',
    ({ id, planned_end_at }: { id: number; planned_end_at: string | null }) => ({
      params: { path: { id } },
      body: { planned_end_at },
    }),
    { quiet: true },
  );
