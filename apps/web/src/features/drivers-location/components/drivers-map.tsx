import type { DriverLocation } from '@dostava/shared';
import { Alert, AlertTitle, Box, Button, CircularProgress, LinearProgress, Typography } from '@mui/material';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../../api/app-config/get-app-config';
import { isLocated, type LiveDrivers } from '../live/driver-store';
import { googleScriptState, loadGoogleMaps, subscribeGoogleScript } from '../map/google-loader';
import type {
  DriverMapView,
  MapLayer,
  MarkerLook,
  OrderPoint,
  RestaurantPoint,
  ZoneOutline,
} from '../map/map-view';

export interface DriversMapProps {
  config: AppConfig['map'];
  store: LiveDrivers;
  /** Which drivers the filters leave on the map. */
  isVisible: (driver: DriverLocation) => boolean;
  describe: (driver: DriverLocation) => MarkerLook;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  /** The selected driver's popup content. */
  popup: ReactNode;
  /** No marker is left on the map: 'No locations'. */
  empty: boolean;
  height: Record<string, number | string>;
  restaurants: readonly RestaurantPoint[];
  orders: readonly OrderPoint[];
  layers: Record<MapLayer, boolean>;
  /** Dashed lines from the selected driver to their drop-offs. */
  routes: { from: { lat: number; lng: number } | null; to: readonly { lat: number; lng: number }[] };
  selectedOrderId: number | null;
  onSelectOrder: (id: number | null) => void;
  /** The selected order's popup content. */
  orderPopup: ReactNode;
  /** The orders layer is still on its way (the drivers are drawn already): a bar on the map says so. */
  ordersLoading: boolean;
  /** The delivery zones, drawn faintly under everything. */
  zones: readonly ZoneOutline[];
}

const hasLocation = isLocated;

type LeafletModule = typeof import('../map/leaflet-view');
type GoogleModule = typeof import('../map/google-view');
let leafletModule: Promise<LeafletModule> | undefined;
let googleModule: Promise<GoogleModule> | undefined;
/** The map provider's view (and its library), fetched once; a failed fetch is tried again next time. */
const loadLeafletView = () =>
  (leafletModule ??= import('../map/leaflet-view').catch((error: unknown) => {
    leafletModule = undefined;
    throw error;
  }));
const loadGoogleView = () =>
  (googleModule ??= import('../map/google-view').catch((error: unknown) => {
    googleModule = undefined;
    throw error;
  }));

/** Whether the map is drawn by Google (configured with a key) or by Leaflet with the tile server. */
export const usesGoogle = (config: AppConfig['map']) =>
  config.provider === 'google' && !!config.google_maps_api_key;

/**
 * Starts fetching the map's library once the configuration names its provider (the route's loader,
 * beside the page's chunk and the drivers and orders it waits for): the map is drawn once all are
 * in, not after a second round (issue 34).
 */
export function preloadMapView(config: AppConfig['map']) {
  if (usesGoogle(config)) {
    loadGoogleMaps(config.google_maps_api_key as string);
    void loadGoogleView().catch(() => {});
  } else void loadLeafletView().catch(() => {});
}

/**
 * The map of drivers. Markers live outside React: the view adds, moves and removes them as the store
 * reports changed drivers, so hundreds of updates a second never re-render the map.
 */
export function DriversMap(props: DriversMapProps) {
  const { config, store, isVisible, describe, selectedId, onSelect, popup, empty, height } = props;
  const { restaurants, orders, layers, routes, selectedOrderId, onSelectOrder, orderPopup, ordersLoading } =
    props;
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<DriverMapView | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [popupElement] = useState(() => document.createElement('div'));
  const [orderPopupElement] = useState(() => document.createElement('div'));
  const googleState = useSyncExternalStore(subscribeGoogleScript, googleScriptState);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const selectOrderRef = useRef(onSelectOrder);
  selectOrderRef.current = onSelectOrder;
  const tRef = useRef(t);
  tRef.current = t;
  const google = usesGoogle(config);
  const googleLoaded = googleState === 'loaded';

  // Create the provider's view (its library is loaded only now, on this page).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let created: DriverMapView | null = null;
    const callbacks = {
      orderClusterLabel: (count: number, late: number) =>
        late > 0
          ? tRef.current('drivers_map.cluster_late_label', { count, late })
          : tRef.current('drivers_map.cluster_label', { count }),
      onMarkerClick: (id: number) => selectRef.current(id),
      onPopupClose: () => selectRef.current(null),
      onOrderClick: (id: number) => selectOrderRef.current(id),
      onOrderPopupClose: () => selectOrderRef.current(null),
    };
    if (google) {
      if (!googleLoaded) {
        loadGoogleMaps(config.google_maps_api_key as string);
        return;
      }
      void loadGoogleView().then((m) => {
        if (cancelled) return;
        created = m.createGoogleView(element, callbacks);
        setView(created);
      });
    } else {
      void loadLeafletView().then((m) => {
        if (cancelled) return;
        created = m.createLeafletView(element, {
          ...callbacks,
          tileUrl: config.tile_url,
          attribution: config.tile_attribution,
          onTileError: () => setTilesFailed(true),
        });
        setView(created);
      });
    }
    return () => {
      cancelled = true;
      created?.destroy();
      setView(null);
    };
  }, [google, googleLoaded, config.google_maps_api_key, config.tile_url, config.tile_attribution]);

  // Keep the markers in step with the store: a full pass now, then only the drivers each batch changed.
  const fitted = useRef(false);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  useEffect(() => {
    if (!view) return;
    const place = (id: number) => {
      const driver = store.get(id);
      if (hasLocation(driver) && isVisible(driver)) view.upsert(driver, describe(driver));
      else view.remove(id);
    };
    const full = () => {
      const seen = new Set<number>();
      for (const driver of store.list()) {
        seen.add(driver.id);
        place(driver.id);
      }
      for (const id of view.ids()) if (!seen.has(id)) view.remove(id);
      if (!fitted.current && view.ids().length > 0) {
        fitted.current = true;
        if (selectedRef.current !== null && view.ids().includes(selectedRef.current))
          view.focus(selectedRef.current);
        else view.fitAll();
      }
    };
    full();
    return store.subscribe((changed) => {
      if (changed) for (const id of changed) place(id);
      else full();
    });
  }, [view, store, isVisible, describe]);

  // The selected driver's popup (opened again when their marker appears).
  const selected = selectedId === null ? undefined : store.get(selectedId);
  const markerShown = !!view && hasLocation(selected) && isVisible(selected);
  useEffect(() => {
    if (!view) return;
    if (markerShown && selectedId !== null) {
      view.focus(selectedId);
      view.openPopup(selectedId, popupElement);
    } else view.closePopup();
  }, [view, selectedId, markerShown, popupElement]);
  useLayoutEffect(() => {
    view?.refreshPopup();
  });

  // The orders' layers: replaced when the orders change (a refetch), restyled when the selection does.
  useEffect(() => {
    view?.setRestaurants(restaurants);
  }, [view, restaurants]);
  useEffect(() => {
    view?.setOrders(orders);
  }, [view, orders]);
  useEffect(() => {
    view?.setRoutes(routes.from, routes.to);
  }, [view, routes]);
  useEffect(() => {
    view?.setZones(props.zones);
  }, [view, props.zones]);
  useEffect(() => {
    view?.setLayerVisible('restaurants', layers.restaurants);
    view?.setLayerVisible('orders', layers.orders);
  }, [view, layers]);
  const orderShown =
    selectedOrderId !== null && layers.orders && orders.some((o) => o.id === selectedOrderId);
  useEffect(() => {
    if (!view) return;
    if (orderShown && selectedOrderId !== null) view.openOrderPopup(selectedOrderId, orderPopupElement);
    else view.closeOrderPopup();
  }, [view, orderShown, selectedOrderId, orderPopupElement]);

  const overlay = (content: ReactNode) => (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'rgba(245,247,250,0.85)',
      }}
    >
      {content}
    </Box>
  );

  let status: ReactNode = null;
  if (google && googleState === 'auth_failure') {
    status = overlay(
      <Alert severity="error" role="alert" sx={{ maxWidth: 480 }}>
        <AlertTitle>{t('drivers_map.google_auth_title')}</AlertTitle>
        {t('drivers_map.google_auth_body')}
      </Alert>,
    );
  } else if (google && googleState === 'failed') {
    status = overlay(
      <Alert
        severity="error"
        role="alert"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => loadGoogleMaps(config.google_maps_api_key as string)}
          >
            {t('common.retry')}
          </Button>
        }
      >
        {t('drivers_map.google_load_failed')}
      </Alert>,
    );
  } else if (!view) {
    status = overlay(
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} />
        <Typography variant="body2">{t('drivers_map.loading_map')}</Typography>
      </Box>,
    );
  }

  return (
    <Box
      sx={{
        position: 'relative',
        height,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: '#e8ecef',
      }}
    >
      <Box
        ref={container}
        role="region"
        aria-label={t('drivers_map.map_label')}
        sx={{
          position: 'absolute',
          inset: 0,
          '& .driver-marker': { background: 'none', border: 0 },
        }}
      />
      {status}
      {view && ordersLoading ? (
        <LinearProgress
          aria-label={t('drivers_map.loading_orders')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1000 }}
        />
      ) : null}
      {view && empty ? (
        <Alert
          severity="info"
          role="status"
          sx={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}
        >
          {t('errors.no_locations')}
        </Alert>
      ) : null}
      {view && tilesFailed && !google ? (
        <Typography
          role="status"
          variant="caption"
          sx={{
            position: 'absolute',
            right: 8,
            top: 8,
            // Below Leaflet's map pane (400), so an open popup is never covered by it.
            zIndex: 399,
            bgcolor: 'background.paper',
            px: 1,
            py: 0.5,
            borderRadius: 1,
            boxShadow: 1,
            maxWidth: 'calc(100% - 72px)',
          }}
        >
          {t('drivers_map.tiles_failed')}
        </Typography>
      ) : null}
      {selected && markerShown ? createPortal(popup, popupElement) : null}
      {orderShown ? createPortal(orderPopup, orderPopupElement) : null}
    </Box>
  );
}
