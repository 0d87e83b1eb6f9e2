import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlineOutlined';
import { Box, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCapacityEvents } from '../api/capacity';
import { useCapacityList } from '../api/restaurants';
import { capacityText } from './capacity-control';

/**
 * The dispatcher's view of kitchens: a chip per restaurant busy or paused now, live, in the words of
 * the kitchen's own board ("Željo: Paused until 21:15").
 */
export function CapacityStrip() {
  const { t } = useTranslation();
  useCapacityEvents();
  const { data } = useCapacityList();
  if (!data || data.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('restaurants.capacity.strip_label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {data.map((c) => (
        <li key={c.restaurant_id}>
          <Chip
            size="small"
            variant="outlined"
            icon={
              c.mode === 'paused' ? (
                <PauseCircleOutline color="error" />
              ) : (
                <HourglassTopOutlined color="warning" />
              )
            }
            label={t('restaurants.capacity.chip', { name: c.restaurant_name, state: capacityText(t, c) })}
          />
        </li>
      ))}
    </Box>
  );
}
