import { can } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  RESTAURANT_SORT_VALUES,
  RestaurantsTable,
} from '../../../features/restaurants/components/restaurants-table';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../use-document-title';

export function RestaurantsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('restaurants.title'));
  const { params, setParams } = useListParams({ defaultSort: 'name', sorts: RESTAURANT_SORT_VALUES });
  const [search, setSearch] = useState(params.q);
  const debounced = useDebouncedValue(search.trim(), 350);

  useEffect(() => {
    if (debounced !== params.q) setParams({ q: debounced });
  }, [debounced, params.q, setParams]);

  return (
    <PageContainer>
      <PageHeader
        title={t('restaurants.title')}
        actions={
          can(user, 'restaurants.create') ? (
            <Button component={Link} to="/add-restaurant" variant="contained" startIcon={<Add />}>
              {t('restaurants.add')}
            </Button>
          ) : null
        }
      />
      <Box sx={{ mb: 2, maxWidth: 420 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('restaurants.search_placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('restaurants.search_label') },
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
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <RestaurantsTable params={params} setParams={setParams} canDelete={can(user, 'restaurants.delete')} />
      </Box>
    </PageContainer>
  );
}
