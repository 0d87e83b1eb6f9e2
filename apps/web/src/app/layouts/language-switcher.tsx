import Translate from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';

// The menu (Popover, Modal, transitions) loads on first open: the sign-in page stays light.
const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));

/** Switches the interface language without a reload; the choice is kept in localStorage `lang`. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const menuId = useId();
  const language = currentLanguage();

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setLoaded(true);
          setAnchor(event.currentTarget);
        }}
        onMouseEnter={() => void import('./language-menu')}
        startIcon={<Translate />}
        sx={{ minWidth: 0, px: 1, fontWeight: 600 }}
      >
        {language.toUpperCase()}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} language={language} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
