import type { DriverLocation } from '@dostava/shared';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { ZoneFilter } from '../../../components/pickers/zone-filter';
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
 * (use-drivers-page.ts); this component lays out the page.
 */
export interface DriversLocationProps {
  /** Whether an order is late at `now` (the orders' own rule: the route passes it in). */
  isLateAt: (order: MapOrder, now: number) => boolean;
  /** The stream's status line (the orders' own: the route passes it in). */
  liveStatus: (status: { stream: StreamState; updatedAt: number }) => ReactNode;
}

export function DriversLocation({ isLateAt, liveStatus }: DriversLocationProps) {
  const { t } = useTranslation();
  const page = useDriversMap(isLateAt);
  const { selectedId, select, selectedOrderId, selectOrder } = page.view;

  const details = (driver: DriverLocation) => (
    <DriverDetails
      driver={driver}
      now={page.now}
      staleMs={page.staleMs}
      phone={page.driverRecord.isError ? null : page.driverRecord.data?.phone}
      shiftEnd={page.driverRecord.data}
      orders={page.driverOrders}
      isLate={page.isLate}
      onShowOrder={page.showOrder}
    />
  );

  const failed = page.config.isError || page.query.isError || page.orderMap.isError;
  return (
    <PageContainer maxWidth={1800}>
      <PageHeader
        title={t('pages.drivers_location')}
        subtitle={page.query.data ? t('drivers_map.on_shift', { count: page.drivers.length }) : undefined}
      />
      {liveStatus({ stream: page.stream, updatedAt: liveUpdatedAt(page.query.dataUpdatedAt, page.stream) })}
      {/* The zone's orders (the API's filter) and the drivers now inside it (issue 37). */}
      <Box sx={{ display: 'grid', maxWidth: { xs: '100%', sm: 320 }, mb: 2 }}>
        <ZoneFilter />
      </Box>
      {failed ? (
        <ErrorState
          onRetry={() => {
            void page.config.refetch();
            void page.query.refetch();
            void page.orderMap.refetch();
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
                focus={page.focus}
                details={details}
                onClose={() => select(null)}
                onRetry={() => void page.driverRecord.refetch()}
              />
            }
            map={
              page.config.data && page.query.data
                ? {
                    config: page.config.data.map,
                    store: page.store,
                    isVisible: page.isVisible,
                    describe: page.describe,
                    selectedId,
                    onSelect: select,
                    popup: page.selected ? details(page.selected) : null,
                    empty: page.located === 0,
                    restaurants: page.restaurantPoints,
                    orders: page.orderPoints,
                    routes: page.routes,
                    selectedOrderId,
                    onSelectOrder: selectOrder,
                    ordersLoading: !page.orderMap.data && !page.orderMap.isError,
                    zones: page.zoneOutlines,
                    orderPopup: page.selectedOrderRow ? (
                      <OrderSummary row={page.selectedOrderRow} onShowDriver={(id) => select(id)} />
                    ) : null,
                  }
                : null
            }
            layers={page.layers}
            onLayerChange={(layer, shown) => page.setLayers((current) => ({ ...current, [layer]: shown }))}
          />
          <SidePanel
            tab={page.view.tab}
            onTabChange={page.view.setTab}
            driverCount={page.drivers.length}
            orderCount={page.mapOrders.length}
            drivers={
              <DriversTab
                search={page.view.search}
                onSearch={page.view.setSearch}
                stateFilter={page.view.stateFilter}
                onStateFilter={page.view.setStateFilter}
                drivers={page.query.data ? page.visible : null}
                located={page.located}
                selectedId={selectedId}
                onSelect={select}
                now={page.now}
                isStale={page.staleOf}
              />
            }
            orders={
              <OrdersTab
                rows={page.orderMap.data ? page.orderRows : null}
                selectedId={selectedOrderId}
                onSelect={page.showOrder}
              />
            }
          />
        </Box>
      )}
    </PageContainer>
  );
}
