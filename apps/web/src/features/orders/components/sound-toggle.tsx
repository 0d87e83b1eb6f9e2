import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { setSound, useSound } from '../live/cues';

/**
 * Sound of the board's cues on or off (kept in this browser). While the browser still blocks audio
 * (no click on the page yet) it says so, and the click on it unlocks the audio.
 */
export function SoundToggle() {
  const { t } = useTranslation();
  const sound = useSound();
  const label = !sound.on
    ? t('orders.sound_off')
    : sound.blocked
      ? t('orders.sound_blocked')
      : t('orders.sound_on');
  return (
    <Button
      size="small"
      variant={sound.on && sound.blocked ? 'contained' : 'outlined'}
      color={sound.on && sound.blocked ? 'warning' : 'primary'}
      startIcon={sound.on ? <VolumeUpIcon /> : <VolumeOffIcon />}
      aria-pressed={sound.on}
      onClick={() => setSound(sound.blocked && sound.on ? true : !sound.on)}
      sx={{ mb: 1, whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
