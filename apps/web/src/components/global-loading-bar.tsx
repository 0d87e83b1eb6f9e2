import { Box, keyframes } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useIsSaving } from '../lib/http';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin bar at the very top while any write request is in flight. */
export function GlobalLoadingBar() {
  const saving = useIsSaving();
  const { t } = useTranslation();
  if (!saving) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('header.saving')}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'rgba(21, 101, 192, 0.2)',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.1s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}
