import { BUSY_MINUTES, type Capacity, type CapacityBody, PAUSE_MINUTES } from '@dostava/shared';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlineOutlined';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlineOutlined';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatTime } from '../../../lib/format';
import { useCapacityEvents, useChangesByOthers } from '../api/capacity';
import { useCapacity, useSetCapacity } from '../api/restaurants';
import { capacityOrdering, orderingLabels } from '../ordering-status';
import { RestaurantState } from './restaurant-state';

/** "Normal", "Busy +20 min", "Paused until 21:15": busy and paused in the words of the restaurant's state. */
export function capacityText(t: TFunction, capacity: Capacity | undefined): string {
  if (!capacity || capacity.mode === 'normal') return t('restaurants.capacity.normal');
  const { status, busy } = orderingLabels(capacityOrdering(capacity), t);
  // Busy mode lasts until switched back or closing: its minutes are what the kitchen needs to see.
  return capacity.mode === 'paused' ? status : (busy ?? status);
}

/**
 * The kitchen's one-click capacity control: the restaurant's state beside it (closed by its hours
 * too), the current capacity on the button (live), and a menu of busy (+10/20/30/45 min), pause
 * (15/30/60 min, until closing) and back to normal. A change by someone else is told: who and when.
 */
export function CapacityControl({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  useCapacityEvents();
  const query = useCapacity(restaurantId);
  const set = useSetCapacity(restaurantId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const capacity = query.data;
  const mode = capacity?.mode ?? 'normal';
  const state = capacityText(t, capacity);
  useChangesByOthers(restaurantId, (change) => {
    if (change.kind !== 'capacity') return;
    toast.info(
      t('restaurants.capacity.changed_by', {
        name: change.by
          ? change.by.name || t('restaurants.capacity.someone')
          : t('restaurants.capacity.system'),
        state: capacityText(t, change.capacity),
        time: formatTime(change.at),
      }),
      // Stays until read: a kitchen away from the screen for a few seconds must not miss it.
      { toastId: `capacity-by:${restaurantId}:${change.at}`, autoClose: false },
    );
  });

  const choose = (body: CapacityBody) => {
    setAnchor(null);
    set.mutate(body, {
      onSuccess: ({ data: next }) =>
        toast.success(t('restaurants.capacity.changed', { state: capacityText(t, next) }), {
          toastId: `capacity:${restaurantId}:${next.mode}`,
        }),
    });
  };

  return (
    <>
      <RestaurantState restaurantId={restaurantId} hideBusy />
      <Button
        variant="outlined"
        startIcon={
          mode === 'paused' ? (
            <PauseCircleOutline color="error" />
          ) : mode === 'busy' ? (
            <HourglassTopOutlined color="warning" />
          ) : (
            <PlayCircleOutline />
          )
        }
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('restaurants.capacity.current', { state })}
        disabled={!capacity || set.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {state}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('restaurants.capacity.label') } }}
      >
        {BUSY_MINUTES.map((minutes) => (
          <MenuItem
            key={`busy-${minutes}`}
            selected={mode === 'busy' && capacity?.busy_minutes === minutes}
            onClick={() => choose({ mode: 'busy', minutes })}
          >
            <ListItemIcon>
              <HourglassTopOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('restaurants.ordering.busy', { minutes })}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {PAUSE_MINUTES.map((minutes) => (
          <MenuItem key={`pause-${minutes}`} onClick={() => choose({ mode: 'paused', minutes })}>
            <ListItemIcon>
              <PauseCircleOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('restaurants.capacity.pause_option', { minutes })}</ListItemText>
          </MenuItem>
        ))}
        <MenuItem onClick={() => choose({ mode: 'paused', until_closing: true })}>
          <ListItemIcon>
            <PauseCircleOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('restaurants.capacity.pause_closing')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem disabled={mode === 'normal'} onClick={() => choose({ mode: 'normal' })}>
          <ListItemIcon>
            <PlayCircleOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('restaurants.capacity.back_to_normal')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
