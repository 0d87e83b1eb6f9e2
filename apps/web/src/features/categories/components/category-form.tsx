import { type Category, type CategoryBody, type CategoryInput, categoryBody } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';

/** The position as typed: the body takes a number, read from the text when saving. */
type CategoryFormValues = Omit<CategoryInput, 'position'> & { position: string };

function toFormValues(category?: Category): CategoryFormValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    position: category ? String(category.position) : '',
  };
}

interface CategoryFormProps {
  category?: Category;
  /** Saves; throws the API error so field errors can be shown. */
  onSubmit: (body: CategoryBody) => Promise<Category | undefined>;
  /** Extra buttons beside save (cancel, delete). */
  secondaryActions?: React.ReactNode;
}

/** The one category form, for adding and editing. */
export function CategoryForm({ category, onSubmit, secondaryActions }: CategoryFormProps) {
  const { t } = useTranslation();
  const { control, submit, busy, reset } = useApiForm<CategoryFormValues, CategoryBody, Category | undefined>(
    {
      // A blank position means "put it last" (the API's default).
      resolver: async (values, context, options) =>
        (await zodResolver(categoryBody)(
          { ...values, position: values.position.trim() === '' ? undefined : Number(values.position) },
          context,
          options as never,
        )) as never,
      defaultValues: toFormValues(category),
      save: onSubmit,
      onSaved: (saved) => saved && reset(toFormValues(saved)),
    },
  );

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
        <FormActions busy={busy}>{secondaryActions}</FormActions>
      </Stack>
    </Paper>
  );
}
