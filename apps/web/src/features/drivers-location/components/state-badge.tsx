import type { ShiftState } from '@dostava/shared';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../map/map-view';

type MapState = Exclude<ShiftState, 'off_shift'>;

/** The marker's badge as a React element: the state's color, shape and letter (never color alone). */
export function StateBadge({ state, size = 22 }: { state: MapState; size?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: state === 'on_break' ? '5px' : '50%',
        bgcolor: STATE_COLORS[state],
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
    </Box>
  );
}

export const MAP_STATES: readonly MapState[] = ['available', 'delivering', 'on_break'];

/** What the marker letters and shapes mean. */
export function MapLegend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('drivers_map.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, fontSize: 14 }}
    >
      {MAP_STATES.map((state) => (
        <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <StateBadge state={state} size={20} />
          {t(`drivers.shift_states.${state}`)}
        </Box>
      ))}
    </Box>
  );
}
