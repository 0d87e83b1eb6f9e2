import { useTranslation } from 'react-i18next';
import { useDriver, useDrivers } from '../../api/drivers/drivers';
import { SearchPicker } from './search-picker';

const nameOf = (driver: { first_name: string; last_name: string }) =>
  `${driver.first_name} ${driver.last_name}`.trim();

function useDriverOptions(q: string, enabled: boolean) {
  const query = useDrivers({ page: 1, per_page: 20, sort: 'last_name', q: q || undefined }, { enabled });
  return {
    options: query.data?.data.map((driver) => ({ id: driver.id, name: nameOf(driver) })) ?? [],
    loading: query.isFetching,
  };
}

function useDriverName(id: number) {
  const driver = useDriver(id).data;
  return driver ? nameOf(driver) : undefined;
}

/** Filters by a driver picked by typing a name (GET /drivers?q=); the value is the driver's id. */
export function DriverFilter(props: { value: string; onChange: (id: string) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <SearchPicker
      {...props}
      size="small"
      placeholder={t('orders.any_driver')}
      useOptions={useDriverOptions}
      useName={useDriverName}
      noOptionsText={t('vehicles.no_drivers_found')}
      clearText={t('vehicles.clear_driver')}
    />
  );
}
