import { can, formatMoney } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useDriverMeals } from '../../../features/driver-meals/api/driver-meals';
import { AddMealDialog } from '../../../features/driver-meals/components/add-meal-dialog';
import {
  DRIVER_MEAL_SORT_VALUES,
  DriverMealFilters,
  useDriverMealFilters,
} from '../../../features/driver-meals/components/driver-meal-filters';
import { DriverMealsTable } from '../../../features/driver-meals/components/driver-meals-table';
import { currentLanguage } from '../../../lib/i18n';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /drivers-meals: meals drivers took at restaurants, by driver, restaurant and period, with the total. */
export function DriverMealsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('driver_meals.title'));
  const { params, setParams } = useListParams({ defaultSort: '-date', sorts: DRIVER_MEAL_SORT_VALUES });
  const { filters } = useDriverMealFilters();
  const query = useDriverMeals({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    ...filters,
  });
  const [adding, setAdding] = useState(false);
  const canManage = can(user, 'meals.manage');
  const meta = query.data?.meta;

  return (
    <PageContainer>
      <PageHeader
        title={t('driver_meals.title')}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
              {t('driver_meals.add')}
            </Button>
          ) : null
        }
      />
      <DriverMealFilters />
      <Paper
        variant="outlined"
        role="status"
        sx={{ mb: 2, px: 2, py: 1.25, display: 'inline-flex', minHeight: 44, alignItems: 'center' }}
      >
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {meta
            ? t('driver_meals.total', {
                count: meta.total,
                amount: formatMoney(meta.total_amount, currentLanguage()),
              })
            : t('common.loading')}
        </Typography>
      </Paper>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <DriverMealsTable query={query} params={params} setParams={setParams} canManage={canManage} />
      </Box>
      {canManage ? <AddMealDialog open={adding} onClose={() => setAdding(false)} /> : null}
    </PageContainer>
  );
}
