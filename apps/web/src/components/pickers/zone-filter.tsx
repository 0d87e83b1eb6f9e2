import { useTranslation } from 'react-i18next';
import { useZones } from '../../api/zones/zones';
import { SelectFilter } from '../list-filters';

/**
 * Filters by the delivery zone that priced the order (`zone_id` in the URL, issue 37): the service
 * areas and fee zones, by name (an exclusion prices nothing, so no order is in one).
 */
export function ZoneFilter() {
  const { t } = useTranslation();
  const zones = useZones().data ?? [];
  return (
    <SelectFilter
      param="zone_id"
      label={t('zones_breakdown.filter_label')}
      allLabel={t('zones_breakdown.all_zones')}
      options={zones
        .filter((zone) => zone.kind !== 'exclusion')
        .map((zone) => ({ value: String(zone.id), label: zone.name }))
        .sort((a, b) => a.label.localeCompare(b.label))}
    />
  );
}
