import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { NavGroup, NavItem } from '../navigation';

const ITEM_HEIGHT = 44;

function isActive(path: string | undefined, pathname: string): boolean {
  if (!path) return false;
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

const containsActive = (item: NavItem, pathname: string): boolean =>
  isActive(item.path, pathname) || (item.children ?? []).some((child) => containsActive(child, pathname));

const itemSx = (depth: number) => ({
  minHeight: ITEM_HEIGHT,
  height: ITEM_HEIGHT,
  borderRadius: 1,
  mx: 1.5,
  mb: 0.25,
  pl: 2 + depth * 2,
  '&.active': {
    bgcolor: 'primary.50',
    backgroundColor: 'rgba(21, 101, 192, 0.1)',
    color: 'primary.main',
    '& .MuiListItemText-primary': { fontWeight: 600 },
  },
});

function NavEntry({ item, depth }: { item: NavItem; depth: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => containsActive(item, pathname));

  if (item.children) {
    const expanded = open;
    return (
      <>
        <ListItemButton
          aria-expanded={expanded}
          onClick={() => setOpen((value) => !value)}
          sx={itemSx(depth)}
          className={!expanded && containsActive(item, pathname) ? 'active' : undefined}
        >
          <ListItemText primary={t(item.label)} slotProps={{ primary: { variant: 'body2' } }} />
          {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </ListItemButton>
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List component="div" disablePadding>
            {item.children.map((child) => (
              <NavEntry key={`${child.label}${child.path}`} item={child} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </>
    );
  }

  const active = isActive(item.path, pathname);
  return (
    <ListItemButton
      component={NavLink}
      to={item.path ?? '/'}
      end={item.path === '/'}
      aria-current={active ? 'page' : undefined}
      className={active ? 'active' : undefined}
      sx={itemSx(depth)}
    >
      <ListItemText primary={t(item.label)} slotProps={{ primary: { variant: 'body2' } }} />
    </ListItemButton>
  );
}

/** The role's navigation, grouped under subheaders. */
export function SideNavigation({ groups }: { groups: NavGroup[] }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('nav.navigation')} sx={{ py: 1 }}>
      {groups.map((group, index) => (
        <List
          key={group.subheader ?? index}
          component="div"
          dense
          subheader={
            group.subheader ? (
              <ListSubheader
                component="div"
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  lineHeight: '36px',
                  fontSize: 12,
                  textTransform: 'uppercase',
                  letterSpacing: 0.6,
                  px: 3,
                }}
              >
                {t(group.subheader)}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.items.map((item) => (
            <NavEntry key={`${item.label}${item.path}`} item={item} depth={0} />
          ))}
        </List>
      ))}
    </Box>
  );
}
