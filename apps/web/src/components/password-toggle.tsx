import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The show/hide toggle of a password input: the input's type and its end adornment. */
export function usePasswordToggle(): { type: 'text' | 'password'; endAdornment: ReactNode } {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return {
    type: visible ? 'text' : 'password',
    endAdornment: (
      <InputAdornment position="end">
        <IconButton
          aria-label={visible ? t('auth.hide_password') : t('auth.show_password')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          edge="end"
        >
          {visible ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </InputAdornment>
    ),
  };
}
