import NotificationsPausedIcon from '@mui/icons-material/NotificationsPaused';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { setSound, useSound } from '../live/cues';

/**
 * Sound of the board's cues on or off (kept in this browser). While the browser still blocks audio (no
 * click on the page yet) the icon and the tooltip say so; any click, this one too, unlocks it. The label
 * keeps its width either way, so the first click on the page never shifts the board under the pointer.
 */
export function SoundToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const sound = useSound();
  const blocked = sound.on && sound.blocked;
  const icon = !sound.on ? <VolumeOffIcon /> : blocked ? <NotificationsPausedIcon /> : <VolumeUpIcon />;
  // A phone's board keeps its header to one line: the icon alone, its state in the name and the tooltip.
  if (compact)
    return (
      <Tooltip
        title={blocked ? t('orders.sound_blocked') : sound.on ? t('orders.sound_on') : t('orders.sound_off')}
      >
        <IconButton
          size="small"
          color="primary"
          aria-label={sound.on ? t('orders.sound_on') : t('orders.sound_off')}
          aria-pressed={sound.on}
          onClick={() => setSound(!sound.on)}
          sx={{ border: 1, borderColor: 'divider', width: 40, height: 40 }}
        >
          {icon}
        </IconButton>
      </Tooltip>
    );
  return (
    <Tooltip title={blocked ? t('orders.sound_blocked') : ''}>
      <Button
        size="small"
        variant="outlined"
        startIcon={icon}
        aria-pressed={sound.on}
        onClick={() => setSound(!sound.on)}
        sx={{ mb: 1, whiteSpace: 'nowrap', minWidth: 150 }}
      >
        {sound.on ? t('orders.sound_on') : t('orders.sound_off')}
      </Button>
    </Tooltip>
  );
}
