import { Box, Checkbox, FormControlLabel, FormGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CLOCK_PATH, type MapLayer, type MapState, ORDER_COLORS, STATE_COLORS } from '../map/map-view';

/** The marker's badge as a React element: the state's color, shape and letter (never color alone). */
export function StateBadge({
  state,
  stale = false,
  size = 22,
}: {
  state: MapState;
  stale?: boolean;
  size?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        position: 'relative',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: state === 'on_break' ? '5px' : '50%',
        bgcolor: STATE_COLORS[state],
        border: stale ? '2px dashed #212121' : 0,
        boxSizing: 'border-box',
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: size * 0.55,
        lineHeight: 1,
      }}
    >
      {t(`drivers_map.letters.${state}`)}
      {stale ? <ClockBadge /> : null}
    </Box>
  );
}

function ClockBadge() {
  return (
    <Box
      component="span"
      sx={{
        position: 'absolute',
        left: -7,
        top: -7,
        width: 14,
        height: 14,
        borderRadius: '50%',
        bgcolor: '#fff',
        border: '1px solid #212121',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <svg viewBox="0 0 24 24" width="10" height="10" aria-hidden="true" focusable="false">
        <path fill="#212121" d={CLOCK_PATH} />
      </svg>
    </Box>
  );
}

export const MAP_STATES: readonly MapState[] = ['available', 'assigned', 'delivering', 'on_break'];

const swatch = (sx: object) => <Box component="span" aria-hidden="true" sx={{ flexShrink: 0, ...sx }} />;

/** What the marker letters, shapes and rings mean. */
export function MapLegend() {
  const { t } = useTranslation();
  const item = (key: string, sample: React.ReactNode, text: string) => (
    <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      {sample}
      {text}
    </Box>
  );
  return (
    <Box
      component="ul"
      aria-label={t('drivers_map.legend')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        listStyle: 'none',
        p: 0,
        m: 0,
        fontSize: 14,
      }}
    >
      {MAP_STATES.map((state) =>
        item(state, <StateBadge state={state} size={20} />, t(`driver_states.${state}`)),
      )}
      {item('stale', <StateBadge state="available" stale size={20} />, t('drivers_map.legend_stale'))}
      {item(
        'restaurant',
        swatch({ width: 16, height: 16, borderRadius: '3px', bgcolor: ORDER_COLORS.restaurant }),
        t('drivers_map.legend_restaurant'),
      )}
      {item(
        'order',
        swatch({ width: 10, height: 10, borderRadius: '50%', bgcolor: ORDER_COLORS.on_time }),
        t('drivers_map.legend_order'),
      )}
      {item(
        'late',
        swatch({
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: ORDER_COLORS.late,
          border: `3px solid ${ORDER_COLORS.late_ring}`,
          boxSizing: 'border-box',
        }),
        t('drivers_map.legend_late'),
      )}
      {item(
        'cluster',
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            flexShrink: 0,
            position: 'relative',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 20,
            height: 20,
            mr: 0.75,
            borderRadius: '50%',
            bgcolor: ORDER_COLORS.on_time,
            color: '#fff',
            font: '700 10px/1 Roboto, Arial, sans-serif',
          }}
        >
          12
          <Box
            component="span"
            sx={{
              position: 'absolute',
              right: -8,
              top: -7,
              minWidth: 13,
              height: 13,
              px: '2px',
              boxSizing: 'border-box',
              borderRadius: '7px',
              bgcolor: ORDER_COLORS.late,
              border: `1px solid ${ORDER_COLORS.late_ring}`,
              font: '700 9px/11px Roboto, Arial, sans-serif',
              textAlign: 'center',
            }}
          >
            3
          </Box>
        </Box>,
        t('drivers_map.legend_cluster'),
      )}
      {item(
        'selected',
        swatch({
          width: 16,
          height: 16,
          borderRadius: '50%',
          bgcolor: ORDER_COLORS.on_time,
          border: `4px solid ${ORDER_COLORS.highlight}`,
          boxSizing: 'border-box',
        }),
        t('drivers_map.legend_selected'),
      )}
    </Box>
  );
}

/** Which of the orders' layers are on the map. */
export function LayerToggles({
  layers,
  onChange,
}: {
  layers: Record<MapLayer, boolean>;
  onChange: (layer: MapLayer, visible: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup row role="group" aria-label={t('drivers_map.layers')} sx={{ columnGap: 1 }}>
      {(['restaurants', 'orders'] as const).map((layer) => (
        <FormControlLabel
          key={layer}
          control={
            <Checkbox
              size="small"
              checked={layers[layer]}
              onChange={(event) => onChange(layer, event.target.checked)}
            />
          }
          label={t(`drivers_map.layer_${layer}`)}
        />
      ))}
    </FormGroup>
  );
}
