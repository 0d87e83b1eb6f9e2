import type { DriverLocation } from '@dostava/shared';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import type { StreamState } from '../../../lib/event-stream';
import { liveUpdatedAt, type MapOrder } from '../selectors';
import { useDriversMap } from '../use-drivers-map';
import { DriverDetails } from './driver-details';
import { DriversTab } from './drivers-tab';
import { FocusNotice } from './focus-notice';
import { MapArea } from './map-area';
import { OrderSummary } from './order-list';
import { OrdersTab } from './orders-tab';
import { SidePanel } from './side-panel';

/**
 * The drivers map: every driver on shift on a live map, with the active orders' restaurants and
 * drop-off points, and lists to find and focus a driver or an order. Its live state is the store's
 * (live/driver-store.ts), its view is the URL's (use-map-view.ts), its data the hook's
 * (use-drivers-map.ts); this component lays out the page.
 */
export interface DriversLocationProps {
  /** Whether an order is late at `now` (the orders' own rule: the route passes it in). */
  isLateAt: (order: MapOrder, now: number) => boolean;
  /** The stream's status line (the orders' own: the route passes it in). */
  liveStatus: (status: { stream: StreamState; updatedAt: number }) => ReactNode;
}

export function DriversLocation({ isLateAt, liveStatus }: DriversLocationProps) {
  const { t } = useTranslation();
  const {
    config,
    query,
    orderMap,
    store,
    stream,
    drivers,
    now,
    staleMs,
    view,
    layers,
    setLayers,
    staleOf,
    isVisible,
    describe,
    visible,
    located,
    selected,
    driverRecord,
    mapOrders,
    isLate,
    restaurantPoints,
    orderPoints,
    driverOrders,
    routes,
    orderRows,
    selectedOrderRow,
    showOrder,
    focus,
  } = useDriversMap(isLateAt);
  const { selectedId, select, selectedOrderId, selectOrder } = view;

  const details = (driver: DriverLocation) => (
    <DriverDetails
      driver={driver}
      now={now}
      staleMs={staleMs}
      phone={driverRecord.isError ? null : driverRecord.data?.phone}
      orders={driverOrders}
      isLate={isLate}
      onShowOrder={showOrder}
    />
  );

  const failed = config.isError || query.isError || orderMap.isError;
  return (
    <PageContainer maxWidth={1800}>
      <PageHeader
        title={t('pages.drivers_location')}
        subtitle={query.data ? t('drivers_map.on_shift', { count: drivers.length }) : undefined}
      />
      {liveStatus({ stream, updatedAt: liveUpdatedAt(query.dataUpdatedAt, stream) })}
      {failed ? (
        <ErrorState
          onRetry={() => {
            void config.refetch();
            void query.refetch();
            void orderMap.refetch();
          }}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
            alignItems: 'start',
          }}
        >
          <MapArea
            notice={
              <FocusNotice
                focus={focus}
                details={details}
                onClose={() => select(null)}
                onRetry={() => void driverRecord.refetch()}
              />
            }
            map={
              config.data && query.data
                ? {
                    config: config.data.map,
                    store,
                    isVisible,
                    describe,
                    selectedId,
                    onSelect: select,
                    popup: selected ? details(selected) : null,
                    empty: located === 0,
                    restaurants: restaurantPoints,
                    orders: orderPoints,
                    routes,
                    selectedOrderId,
                    onSelectOrder: selectOrder,
                    orderPopup: selectedOrderRow ? (
                      <OrderSummary row={selectedOrderRow} onShowDriver={(id) => select(id)} />
                    ) : null,
                  }
                : null
            }
            layers={layers}
            onLayerChange={(layer, shown) => setLayers((current) => ({ ...current, [layer]: shown }))}
          />
          <SidePanel
            tab={view.tab}
            onTabChange={view.setTab}
            driverCount={drivers.length}
            orderCount={mapOrders.length}
            drivers={
              <DriversTab
                search={view.search}
                onSearch={view.setSearch}
                stateFilter={view.stateFilter}
                onStateFilter={view.setStateFilter}
                drivers={query.data ? visible : null}
                located={located}
                selectedId={selectedId}
                onSelect={select}
                now={now}
                isStale={staleOf}
              />
            }
            orders={
              <OrdersTab
                rows={orderMap.data ? orderRows : null}
                selectedId={selectedOrderId}
                onSelect={showOrder}
              />
            }
          />
        </Box>
      )}
    </PageContainer>
  );
}
