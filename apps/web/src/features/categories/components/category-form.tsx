import { type Category, type CategoryBody, type CategoryInput, categoryBody } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { applyApiErrors } from '../../../lib/form';

const FIELDS = ['name', 'description', 'position'] as const;

function toFormValues(category?: Category): CategoryInput {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    position: category ? String(category.position) : '',
  };
}

interface CategoryFormProps {
  category?: Category;
  /** Saves; throws the API error so field errors can be shown. */
  onSubmit: (body: CategoryBody) => Promise<unknown>;
  /** Extra buttons beside save (cancel, delete). */
  secondaryActions?: React.ReactNode;
}

/** The one category form, for adding and editing. */
export function CategoryForm({ category, onSubmit, secondaryActions }: CategoryFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, formState, reset } = useForm<CategoryInput, unknown, CategoryBody>(
    {
      // A blank position means "put it last" (the API's default).
      resolver: (values, context, options) =>
        zodResolver(categoryBody)(
          { ...values, position: values.position === '' ? undefined : values.position },
          context,
          options,
        ),
      defaultValues: toFormValues(category),
    },
  );

  const submit = handleSubmit(async (body) => {
    try {
      const saved = await onSubmit(body);
      if (saved && typeof saved === 'object' && 'id' in saved) reset(toFormValues(saved as Category));
    } catch (error) {
      applyApiErrors(error, setError, FIELDS);
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={3}
        aria-label={category ? t('categories.edit') : t('categories.add')}
      >
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <FormTextField control={control} name="name" label={t('categories.name')} required />
          <FormTextField
            control={control}
            name="position"
            label={t('categories.position')}
            helperText={t('categories.position_hint')}
            type="number"
            inputProps={{ min: 1, step: 1, inputMode: 'numeric' }}
          />
          <FormTextField
            control={control}
            name="description"
            label={t('categories.description')}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {secondaryActions}
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            disabled={formState.isSubmitting}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
