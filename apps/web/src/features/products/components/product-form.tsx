import {
  formatMoneyInput,
  type Image,
  type Product,
  type ProductBody,
  parseMoneyInput,
  productBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, InputAdornment, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../../../api/categories/categories';
import { FormActions } from '../../../components/form-actions';
import { FormSelectField } from '../../../components/form-select-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { useApiForm } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';

/** What the inputs hold: the price as typed in KM, the category as the select's value. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  category_id: string;
  show_on_menu: boolean;
  image_id: number | null;
}

function toFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? formatMoneyInput(product.price, currentLanguage()) : '',
    category_id: product ? String(product.category.id) : '',
    show_on_menu: product?.show_on_menu ?? true,
    image_id: product?.image?.id ?? null,
  };
}

const bodyResolver = zodResolver(productBody);

/**
 * The KM text becomes minor units before the shared `productBody` checks the whole product; a price it
 * cannot read, or one out of range, gets one message that speaks of KM (not of fening).
 */
const resolver: Resolver<ProductFormValues, unknown, ProductBody> = async (values, context, options) => {
  const blank = values.price.trim() === '';
  const minor = blank ? undefined : parseMoneyInput(values.price, currentLanguage());
  const result = await bodyResolver(
    // No number read (blank or not a price) is NaN, which the schema refuses; the message is chosen below.
    { ...values, price: minor ?? Number.NaN, category_id: values.category_id || undefined },
    context,
    options as never,
  );
  if (result.errors.price) {
    result.errors.price = {
      type: 'validate',
      message: blank ? 'validation.required' : 'products.price_invalid',
    };
  }
  return result as Awaited<ReturnType<Resolver<ProductFormValues, unknown, ProductBody>>>;
};

interface ProductFormProps {
  product?: Product;
  /** Fields disabled and no save button (a restaurant employee looking at a product). */
  readOnly?: boolean;
  /** Saves; throws the API error so field errors can be shown. */
  onSubmit: (body: ProductBody) => Promise<Product | undefined>;
  /** Extra buttons beside save (cancel, back). */
  secondaryActions?: React.ReactNode;
}

/** The one product form, for adding, editing and (read-only) viewing. */
export function ProductForm({ product, readOnly, onSubmit, secondaryActions }: ProductFormProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [image, setImage] = useState<Image | null>(product?.image ?? null);
  const { control, submit, busy, setValue, formState, reset } = useApiForm({
    resolver,
    defaultValues: toFormValues(product),
    save: onSubmit,
    onSaved: (saved) => saved && reset(toFormValues(saved)),
  });

  const disabled = readOnly || busy;
  const field = { control, disabled: readOnly, readOnly };
  // The product's own category is offered even before the list has loaded.
  const options =
    categories.data ?? (product ? [{ id: product.category.id, name: product.category.name }] : []);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={3}
        aria-label={product ? (readOnly ? t('products.view') : t('products.edit')) : t('products.add')}
      >
        {readOnly ? <Alert severity="info">{t('products.read_only')}</Alert> : null}
        <ImageUploadField
          label={t('products.image')}
          value={image}
          disabled={disabled}
          error={formState.errors.image_id?.message}
          onChange={(next) => {
            setImage(next);
            setValue('image_id', next?.id ?? null, { shouldDirty: true });
          }}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField {...field} name="name" label={t('products.name')} required />
          <FormTextField
            {...field}
            name="price"
            label={t('products.price')}
            helperText={readOnly ? undefined : t('products.price_hint')}
            required
            inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
            endAdornment={<InputAdornment position="end">KM</InputAdornment>}
          />
          <FormSelectField
            control={control}
            name="category_id"
            required
            label={t('products.category')}
            placeholder={t('products.choose_category')}
            options={options.map((category) => ({ value: String(category.id), label: category.name }))}
            disabled={readOnly}
          />
          <FormSwitchField
            control={control}
            name="show_on_menu"
            label={t('products.show_on_menu')}
            disabled={readOnly}
            sx={{ alignSelf: 'center' }}
          />
          <FormTextField
            {...field}
            name="description"
            label={t('products.description')}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Box>
        {readOnly ? (
          secondaryActions ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{secondaryActions}</Box>
          ) : null
        ) : (
          <FormActions busy={busy}>{secondaryActions}</FormActions>
        )}
      </Stack>
    </Paper>
  );
}
