import { Box, Paper, Skeleton, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapTab } from '../use-map-view';
import { MAP_HEIGHT } from './map-area';

const tabId = (name: MapTab) => `drivers-map-tab-${name}`;
const panelId = (name: MapTab) => `drivers-map-panel-${name}`;

interface SidePanelProps {
  tab: MapTab;
  onTabChange: (tab: string) => void;
  /** The counts in the tabs' labels. */
  driverCount: number;
  orderCount: number;
  /** The tabs' contents (drivers-tab.tsx, orders-tab.tsx). */
  drivers: ReactNode;
  orders: ReactNode;
}

/** Beside the map: the drivers and the active orders, one tab each. */
export function SidePanel({ tab, onTabChange, driverCount, orderCount, drivers, orders }: SidePanelProps) {
  const { t } = useTranslation();
  const panel = (name: MapTab, content: ReactNode) => (
    <Box
      role="tabpanel"
      id={panelId(name)}
      aria-labelledby={tabId(name)}
      hidden={tab !== name}
      sx={{ display: tab === name ? 'flex' : 'none', flexDirection: 'column', minHeight: 0 }}
    >
      {/* Only the open tab is rendered: hundreds of orders cost nothing while the drivers are shown. */}
      {tab === name ? content : null}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', maxHeight: { md: MAP_HEIGHT.md }, minWidth: 0 }}
    >
      <Tabs
        value={tab}
        onChange={(_, value: string) => onTabChange(value)}
        aria-label={t('drivers_map.tabs')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        <Tab
          value="drivers"
          id={tabId('drivers')}
          aria-controls={panelId('drivers')}
          label={`${t('drivers_map.tab_drivers')} (${driverCount})`}
        />
        <Tab
          value="orders"
          id={tabId('orders')}
          aria-controls={panelId('orders')}
          label={`${t('drivers_map.tab_orders')} (${orderCount})`}
        />
      </Tabs>
      {panel('drivers', drivers)}
      {panel('orders', orders)}
    </Paper>
  );
}

/** A list's rows while it loads. */
export function ListSkeleton() {
  return (
    <Box sx={{ p: 2 }}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={48} />
      ))}
    </Box>
  );
}
