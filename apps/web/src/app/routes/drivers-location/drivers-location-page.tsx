import type { DriverLocation } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, Paper, Skeleton, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAppConfig } from '../../../features/drivers-location/api/get-app-config';
import { useDriverLocations } from '../../../features/drivers-location/api/list-driver-locations';
import { DriverDetails, driverName } from '../../../features/drivers-location/components/driver-details';
import { DriverList } from '../../../features/drivers-location/components/driver-list';
import { DriversMap } from '../../../features/drivers-location/components/drivers-map';
import { MAP_STATES, MapLegend } from '../../../features/drivers-location/components/state-badge';
import {
  type DriverUpdate,
  isLocated,
  LiveDrivers,
} from '../../../features/drivers-location/live/live-drivers';
import type { MarkerLook } from '../../../features/drivers-location/map/map-view';
import { LiveStatus } from '../../../features/orders/components/live-status';
import { eventStream } from '../../../features/orders/live/event-stream';
import { useNow } from '../../../features/orders/live/use-now';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../use-document-title';

const MAP_HEIGHT = { xs: 380, md: 'calc(100dvh - 260px)' };
const matches = (driver: DriverLocation, q: string) =>
  !q ||
  driverName(driver).toLowerCase().includes(q) ||
  (driver.vehicle?.plate_number.toLowerCase().replace(/[\s-]/g, '') ?? '').includes(q.replace(/[\s-]/g, ''));

/** /drivers-location: every driver on shift on a live map, with a list to find and focus one. */
export function DriversLocationPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.drivers_location'));
  const config = useAppConfig();
  const query = useDriverLocations();
  const { refetch } = query;
  const [searchParams, setSearchParams] = useSearchParams();

  const [store] = useState(() => new LiveDrivers(() => staleRefetch()));
  // Events that the list cannot carry (a new shift, an order change) refetch it, at most every 2 s.
  const [staleRefetch] = useState(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fn = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void refetchRef.current();
      }, 2_000);
    };
    return fn;
  });
  const refetchRef = useMemoRef(refetch);

  useEffect(() => {
    if (query.data) store.reset(query.data);
  }, [query.data, store]);

  useEffect(
    () =>
      eventStream.listen((message) => {
        if (message.kind === 'resync') void refetchRef.current();
        else if (message.event.type === 'driver.updated')
          store.push(message.event.data as unknown as DriverUpdate);
      }),
    [store, refetchRef],
  );
  const stream = useSyncExternalStore(eventStream.subscribeState, eventStream.getState);
  const drivers = useSyncExternalStore(store.subscribe, store.list);
  const now = useNow(10_000);

  // Filters and the focused driver live in the URL (?q=&state=&driver=), so a link restores the view.
  const stateFilter = MAP_STATES.find((s) => s === searchParams.get('state')) ?? '';
  const selectedParam = Number(searchParams.get('driver'));
  const selectedId = Number.isInteger(selectedParam) && selectedParam > 0 ? selectedParam : null;
  const [search, setSearch] = useState(searchParams.get('q') ?? '');
  const q = useDebouncedValue(search.trim().toLowerCase(), 200);
  const setParam = useCallback(
    (key: string, value: string | null) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  useEffect(() => {
    if ((searchParams.get('q') ?? '') !== q) setParam('q', q || null);
  }, [q, searchParams, setParam]);

  const isVisible = useCallback(
    (driver: DriverLocation) => (!stateFilter || driver.shift_state === stateFilter) && matches(driver, q),
    [stateFilter, q],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes every marker's words.
  const describe = useCallback(
    (driver: DriverLocation): MarkerLook => {
      const state = driver.shift_state === 'off_shift' ? 'available' : driver.shift_state;
      const vehicle = driver.vehicle ? t(`vehicles.types.${driver.vehicle.type}`) : t('drivers.no_vehicle');
      return {
        state,
        vehicle: driver.vehicle?.type ?? null,
        letter: t(`drivers_map.letters.${state}`),
        label: `${driverName(driver)}, ${t(`drivers.shift_states.${driver.shift_state}`)}, ${vehicle}`,
      };
    },
    [t, i18n.language],
  );
  const visible = useMemo(
    () =>
      drivers
        .filter(isVisible)
        .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name)),
    [drivers, isVisible],
  );
  const located = visible.filter(isLocated).length;
  const select = useCallback((id: number | null) => setParam('driver', id ? String(id) : null), [setParam]);
  const selected = selectedId === null ? undefined : store.get(selectedId);

  const failed = config.isError || query.isError;
  return (
    <PageContainer maxWidth={1800}>
      <PageHeader
        title={t('pages.drivers_location')}
        subtitle={query.data ? t('drivers_map.on_shift', { count: drivers.length }) : undefined}
      />
      <LiveStatus
        stream={stream}
        updatedAt={Math.max(
          query.dataUpdatedAt,
          stream.status === 'connected' ? (stream.lastEventAt ?? 0) : 0,
        )}
      />
      {failed ? (
        <ErrorState
          onRetry={() => {
            void config.refetch();
            void query.refetch();
          }}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            {config.data && query.data ? (
              <DriversMap
                config={config.data.map}
                store={store}
                isVisible={isVisible}
                describe={describe}
                selectedId={selectedId}
                onSelect={select}
                popup={selected ? <DriverDetails driver={selected} now={now} /> : null}
                empty={located === 0}
                height={MAP_HEIGHT}
              />
            ) : (
              <Skeleton variant="rectangular" sx={{ height: MAP_HEIGHT, borderRadius: 1 }} />
            )}
            <Box sx={{ mt: 1 }}>
              <MapLegend />
            </Box>
          </Box>
          <Paper
            variant="outlined"
            sx={{ display: 'flex', flexDirection: 'column', maxHeight: { md: MAP_HEIGHT.md } }}
          >
            <Box sx={{ p: 1.5, display: 'grid', gap: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <TextField
                type="search"
                size="small"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('drivers_map.search_placeholder')}
                slotProps={{
                  htmlInput: { 'aria-label': t('drivers_map.search_label') },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <TextField
                select
                size="small"
                label={t('drivers.shift_state')}
                value={stateFilter}
                onChange={(event) => setParam('state', event.target.value || null)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('drivers.all_shift_states')}</option>
                {MAP_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`drivers.shift_states.${state}`)}
                  </option>
                ))}
              </TextField>
              {query.data ? (
                <Typography variant="body2" color="text.secondary" role="status">
                  {t('drivers_map.shown', { shown: visible.length, located })}
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
              {query.data ? (
                <DriverList drivers={visible} selectedId={selectedId} onSelect={select} now={now} />
              ) : (
                <Box sx={{ p: 2 }}>
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} height={48} />
                  ))}
                </Box>
              )}
            </Box>
          </Paper>
        </Box>
      )}
    </PageContainer>
  );
}

/** A ref that always holds the latest value (for callbacks created once). */
function useMemoRef<T>(value: T): { current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}
