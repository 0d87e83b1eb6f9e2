import Add from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { CategoriesTable } from '../../../features/categories/components/categories-table';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../use-document-title';

export function CategoriesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('categories.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search.trim(), 350);

  useEffect(() => {
    if (debounced === q) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('q', debounced);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setSearchParams]);

  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={t('categories.title')}
        subtitle={q ? t('categories.reorder_disabled') : t('categories.reorder_hint')}
        actions={
          <Button component={Link} to="/add-category" variant="contained" startIcon={<Add />}>
            {t('categories.add')}
          </Button>
        }
      />
      <Box sx={{ mb: 2, maxWidth: 420 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('categories.search_placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('categories.search_label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <CategoriesTable q={q} />
    </PageContainer>
  );
}
