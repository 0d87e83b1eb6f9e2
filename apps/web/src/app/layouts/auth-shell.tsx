import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo';
import { LanguageSwitcher } from './language-switcher';

// A faded map-like pattern of streets and drop-off points, drawn here (nothing loads from elsewhere).
const PATTERN = encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">' +
    '<g fill="none" stroke="#1565c0" stroke-opacity=".09" stroke-width="6" stroke-linecap="round">' +
    '<path d="M0 60h90q30 0 30 30v150M120 90h120M0 180h60q30 0 30-30V120M180 0v60q0 30 30 30"/></g>' +
    '<g fill="#1565c0" fill-opacity=".12"><circle cx="90" cy="60" r="7"/><circle cx="180" cy="90" r="7"/>' +
    '<circle cx="60" cy="180" r="7"/></g></svg>',
);

/** The shell of authentication pages: sticky header with the logo, faded background, 420px column. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: '#f4f7fc',
        backgroundImage: `linear-gradient(180deg, rgba(244,247,252,.2), rgba(244,247,252,.95)), url("data:image/svg+xml,${PATTERN}")`,
        backgroundSize: 'auto, 240px 240px',
      }}
    >
      <Box
        component="header"
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 1,
          display: 'flex',
          alignItems: 'center',
          height: { xs: 64, lg: 72 },
          px: { xs: 2, sm: 3 },
          backdropFilter: 'blur(6px)',
          backgroundColor: 'rgba(255,255,255,.7)',
        }}
      >
        {/* A plain link: the shell also frames the sign-in page, which has no router. */}
        <Link
          href="/"
          underline="none"
          color="inherit"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, borderRadius: 1 }}
        >
          <LogoMark />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            {t('app.name')}
          </Typography>
        </Link>
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          px: 2,
          py: { xs: 4, sm: 8 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 420 }}>{children}</Box>
      </Box>
    </Box>
  );
}
