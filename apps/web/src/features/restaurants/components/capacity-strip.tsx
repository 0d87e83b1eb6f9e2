import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import NightsStayOutlined from '@mui/icons-material/NightsStayOutlined';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlineOutlined';
import { Box, Chip, List, ListItem, ListItemText, Popover } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCapacityEvents, useRefetchAt } from '../api/capacity';
import { capacityListKey, useCapacityList } from '../api/restaurants';
import { stripSummary } from '../strip-summary';

/**
 * The dispatcher's view of kitchens: a chip per restaurant busy or paused now ("Željo: Paused until
 * 21:15"), and the restaurants closed by their hours behind one chip ("3 closed") that lists them
 * ("Ćevabdžinica: Closed until 08:00"), in the words of the restaurant's page. Live: capacity and
 * hours events refresh it, and so does the next opening or closing by the hours.
 */
export function CapacityStrip() {
  const { t } = useTranslation();
  useCapacityEvents();
  const { data } = useCapacityList();
  useRefetchAt(data?.changes_at, capacityListKey());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const listId = useId();
  const countChip = useRef<HTMLDivElement>(null);
  if (!data || data.data.length === 0) return null;
  const { attention, closed } = stripSummary(data.data, t);
  return (
    <Box
      component="ul"
      aria-label={t('restaurants.capacity.strip_label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {attention.map((r) => (
        <li key={r.id}>
          <Chip
            size="small"
            variant="outlined"
            icon={
              r.kind === 'paused' ? (
                <PauseCircleOutline color="error" />
              ) : (
                <HourglassTopOutlined color="warning" />
              )
            }
            label={t('restaurants.capacity.chip', { name: r.name, state: r.state })}
          />
        </li>
      ))}
      {closed.length > 0 ? (
        <li>
          <Chip
            size="small"
            variant="outlined"
            ref={countChip}
            icon={<NightsStayOutlined />}
            // The arrow says a list opens; it opens it too (not a delete).
            deleteIcon={<ArrowDropDown aria-hidden />}
            onDelete={() => setAnchor(countChip.current)}
            onClick={() => setAnchor(countChip.current)}
            aria-haspopup="true"
            aria-expanded={anchor ? 'true' : 'false'}
            aria-controls={anchor ? listId : undefined}
            label={t('restaurants.capacity.closed_count', { count: closed.length })}
          />
          <Popover
            open={anchor !== null}
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          >
            <List id={listId} dense aria-label={t('restaurants.capacity.closed_list')} sx={{ maxWidth: 340 }}>
              {closed.map((r) => (
                <ListItem key={r.id}>
                  <ListItemText primary={r.name} secondary={r.state} />
                </ListItem>
              ))}
            </List>
          </Popover>
        </li>
      ) : null}
    </Box>
  );
}
