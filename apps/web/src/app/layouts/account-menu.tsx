import type { CurrentUser } from '@dostava/shared';
import Home from '@mui/icons-material/HomeOutlined';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/PersonOutlined';
import Settings from '@mui/icons-material/SettingsOutlined';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/api/auth';
import { initials } from '../../lib/format';

export function UserAvatar({ user, size = 36 }: { user: CurrentUser; size?: number }) {
  return (
    <Avatar
      src={user.image?.file_url}
      alt={`${user.first_name} ${user.last_name}`}
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.4 }}
    >
      {initials(user.first_name, user.last_name, user.email)}
    </Avatar>
  );
}

export function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  function signOut() {
    // Once the session is cleared, RequireAuth takes the user to the sign-in page.
    logout.mutate(undefined, { onSettled: close });
  }

  return (
    <>
      <IconButton
        aria-label={t('account.menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 200, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {`${user.first_name} ${user.last_name}`}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={user.email}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={Link} to="/" onClick={close}>
          <ListItemIcon>
            <Home fontSize="small" />
          </ListItemIcon>
          {t('account.home')}
        </MenuItem>
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          {t('account.profile')}
        </MenuItem>
        <MenuItem component={Link} to="/settings" onClick={close}>
          <ListItemIcon>
            <Settings fontSize="small" />
          </ListItemIcon>
          {t('account.settings')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={signOut} disabled={logout.isPending} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('auth.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
