import { type CurrentUser, can } from '@dostava/shared';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  Link,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useMatches } from 'react-router';
import { useAppConfig } from '../../api/app-config/get-app-config';
import { LogoMark } from '../../components/logo';
import { TimeZoneNote } from '../../components/time-zone-note';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { useMe } from '../../features/auth/api/auth';
import { SearchBox } from '../../features/search/components/search-box';
import { DisabledEndpointsButton } from '../../features/webhooks/components/disabled-endpoints';
import { useCurrentUser } from '../../lib/session';
import { operationTimeZone, setOperationTimeZone } from '../../lib/time-zone';
import { navigationFor } from '../navigation';
import { allows, type RouteHandle } from '../route-access';
import { useRouteTree } from '../route-tree';
import { ForbiddenContent } from '../routes/errors/forbidden-content';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { SideNavigation } from './side-navigation';

export const SIDEBAR_WIDTH = 300;
export const MOBILE_NAV_WIDTH = 320;

function Brand() {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      color="inherit"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, borderRadius: 1 }}
    >
      <LogoMark />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
        {t('app.name')}
      </Typography>
    </Link>
  );
}

/** Whether the deepest matched route with a role rule admits this user (else 403 content). */
function useRouteAllowed(user: CurrentUser): boolean {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.access) return allows(handle.access, user, match.params);
  }
  return true;
}

export function DashboardLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useMe(true);
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const routes = useRouteTree();
  const groups = useMemo(() => navigationFor(user, routes), [user, routes]);
  const allowed = useRouteAllowed(user);
  // Set while rendering, so the pages below format their times in the operation's zone this pass.
  const config = useAppConfig();
  if (config.data) setOperationTimeZone(config.data.time_zone);
  const timeZone = operationTimeZone();

  // The mobile navigation closes on every route change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    setMobileOpen(false);
  }, [pathname]);

  const navigation = (
    <Box sx={{ overflowY: 'auto', flex: 1 }}>
      <SideNavigation groups={groups} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: '#f6f8fb' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          width: { lg: `calc(100% - ${SIDEBAR_WIDTH}px)` },
          ml: { lg: `${SIDEBAR_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'rgba(255,255,255,0.92)',
          backdropFilter: 'blur(6px)',
        }}
      >
        <Toolbar
          sx={{ minHeight: { xs: 64, lg: 72 }, height: { xs: 64, lg: 72 }, gap: 1, px: { xs: 1, sm: 2 } }}
        >
          {desktop ? null : (
            <IconButton aria-label={t('header.open_menu')} onClick={() => setMobileOpen(true)} edge="start">
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'flex-start' }}>
            <SearchBox />
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'block' }, minWidth: 0 }}>
            <TimeZoneNote />
          </Box>
          {can(user, 'integrations.manage') ? <DisabledEndpointsButton /> : null}
          <LanguageSwitcher />
          <AccountMenu user={user} />
        </Toolbar>
      </AppBar>

      {desktop ? (
        <Drawer
          variant="permanent"
          open
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, borderRightStyle: 'dashed' } } }}
        >
          <Box sx={{ height: 72, display: 'flex', alignItems: 'center', px: 3, flexShrink: 0 }}>
            <Brand />
          </Box>
          {navigation}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper: { sx: { width: MOBILE_NAV_WIDTH, maxWidth: '100vw' } } }}
        >
          <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: 2.5, flexShrink: 0 }}>
            <Brand />
          </Box>
          {navigation}
          <Box sx={{ px: 2.5, py: 1.5, display: { md: 'none' } }}>
            <TimeZoneNote />
          </Box>
        </Drawer>
      )}

      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          pt: { xs: '64px', lg: '72px' },
        }}
      >
        {/* Remounted once if the operation's zone is not the default the first render used. */}
        <Box key={timeZone} sx={{ px: { xs: 2, sm: 3, lg: 5 }, py: { xs: 2, sm: 3, lg: 4 } }}>
          {allowed ? <Outlet /> : <ForbiddenContent />}
          <UnsavedChangesGuard />
        </Box>
      </Box>
    </Box>
  );
}
