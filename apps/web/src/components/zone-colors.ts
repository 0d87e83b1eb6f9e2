import type { ZoneKind } from '@dostava/shared';

/** Each kind of delivery zone's color: the zones editor's, and faintly the drivers map's. */
export const KIND_COLORS: Record<ZoneKind, string> = {
  service_area: '#1565c0',
  fee_zone: '#ef6c00',
  exclusion: '#c62828',
};
