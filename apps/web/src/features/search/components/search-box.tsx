import SearchIcon from '@mui/icons-material/Search';
import { IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Autocomplete, Popper and TextField (about 25 KB gzip) load when the search opens, not with every page.
const loadCombobox = () => import('./search-combobox');
const SearchCombobox = lazy(() => loadCombobox().then((m) => ({ default: m.SearchCombobox })));

/** The header search: an icon that opens into a combobox of records the role may see. */
export function SearchBox() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = (
    <IconButton
      aria-label={t('header.search')}
      onClick={() => setOpen(true)}
      onMouseEnter={() => void loadCombobox()}
      onFocus={() => void loadCombobox()}
    >
      <SearchIcon />
    </IconButton>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <SearchCombobox onClose={() => setOpen(false)} />
    </Suspense>
  );
}
