import {
  type Image,
  printIban,
  type Restaurant,
  type RestaurantBody,
  type RestaurantInput,
  restaurantBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Paper, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormTextField } from '../../../components/form-text-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { ReadOnlyField } from '../../../components/read-only-field';
import { useApiForm } from '../../../lib/form';
import { formatPercent } from '../../../lib/format';

/** The numbers as typed: the body takes numbers, read from the text when saving. */
type RestaurantFormValues = Omit<RestaurantInput, 'percentage'> & { percentage: string };

/** Blank stays blank (required, or cleared), anything else is read as a number: a typo is NaN, refused. */
const typed = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const bodyResolver = zodResolver(restaurantBody);
const resolver: Resolver<RestaurantFormValues, unknown, RestaurantBody> = async (values, context, options) =>
  (await bodyResolver(
    {
      ...values,
      percentage: typed(values.percentage) as number,
      lat: typed(values.lat),
      lng: typed(values.lng),
    },
    context,
    options as never,
  )) as never;

function toFormValues(restaurant?: Restaurant): RestaurantFormValues {
  return {
    name: restaurant?.name ?? '',
    address: restaurant?.address ?? '',
    phone: restaurant?.phone ?? '',
    web_address: restaurant?.web_address ?? '',
    iban: restaurant?.iban ? printIban(restaurant.iban) : '',
    percentage: restaurant ? String(restaurant.percentage) : '',
    lat: restaurant?.lat ?? '',
    lng: restaurant?.lng ?? '',
    image_id: restaurant?.image?.id ?? null,
  };
}

interface RestaurantFormProps {
  restaurant?: Restaurant;
  /** Fields disabled and no save button (a restaurant employee looking at their restaurant). */
  readOnly?: boolean;
  /** The commission is shown but not editable (restaurant staff: only Admin and App Manager set it). */
  commissionReadOnly?: boolean;
  /** The payout account is shown but not editable (restaurant staff: it changes through a request). */
  ibanReadOnly?: boolean;
  /** No payout account at all (a restaurant employee: bank details are not theirs to see). */
  ibanHidden?: boolean;
  /** Saves; throws the API error so field errors can be shown. */
  onSubmit: (body: RestaurantBody) => Promise<Restaurant | undefined>;
  submitLabel?: string;
  /** Extra buttons beside save (cancel, delete). */
  secondaryActions?: React.ReactNode;
}

/** The one restaurant form, for adding and editing. */
export function RestaurantForm({
  restaurant,
  readOnly,
  commissionReadOnly,
  ibanReadOnly,
  ibanHidden,
  onSubmit,
  submitLabel,
  secondaryActions,
}: RestaurantFormProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<Image | null>(restaurant?.image ?? null);
  const { control, submit, busy, setValue, formState, reset, resetField } = useApiForm({
    resolver,
    defaultValues: toFormValues(restaurant),
    save: onSubmit,
    onSaved: (saved) => saved && reset(toFormValues(saved)),
  });
  // The account also changes outside this form (an approved payout request): show the one in force,
  // so that a later save never sends the old account back.
  const accountInForce = restaurant?.iban ? printIban(restaurant.iban) : '';
  useEffect(() => {
    resetField('iban', { defaultValue: accountInForce });
  }, [accountInForce, resetField]);

  const disabled = readOnly || busy;
  const field = {
    control,
    disabled: readOnly,
    slotProps: readOnly ? { htmlInput: { readOnly: true } } : undefined,
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={3}
        aria-label={t('restaurants.information')}
      >
        {readOnly ? <Alert severity="info">{t('restaurants.read_only')}</Alert> : null}
        <ImageUploadField
          label={t('restaurants.image')}
          value={image}
          disabled={disabled}
          error={formState.errors.image_id?.message}
          onChange={(next) => {
            setImage(next);
            setValue('image_id', next?.id ?? null, { shouldDirty: true });
          }}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField {...field} name="name" label={t('restaurants.name')} required />
          <FormTextField {...field} name="phone" label={t('restaurants.phone')} type="tel" required />
          <FormTextField
            {...field}
            name="address"
            label={t('restaurants.address')}
            required
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
          <FormTextField {...field} name="web_address" label={t('restaurants.web_address')} type="url" />
          {ibanHidden ? null : (
            <FormTextField
              {...field}
              readOnly={readOnly || ibanReadOnly}
              name="iban"
              label={t('restaurants.iban')}
              helperText={t(ibanReadOnly ? 'restaurants.payout.iban_by_request' : 'restaurants.iban_hint')}
              autoComplete="off"
            />
          )}
          {commissionReadOnly && restaurant ? (
            // Text, not an input box: staff read the commission, the operation sets it (the value stays
            // in the form's values, unsent: the edit page leaves it out for staff).
            <ReadOnlyField
              label={t('restaurants.percentage')}
              value={formatPercent(restaurant.percentage)}
              hint={t('restaurants.percentage_admin_only')}
            />
          ) : (
            <FormTextField
              {...field}
              readOnly={readOnly}
              name="percentage"
              label={t('restaurants.percentage')}
              helperText={t('restaurants.percentage_hint')}
              type="number"
              required
              inputProps={{ min: 0, max: 100, step: 0.01, inputMode: 'decimal' }}
            />
          )}
          <FormTextField
            {...field}
            name="lat"
            label={t('restaurants.lat')}
            type="number"
            inputProps={{ min: -90, max: 90, step: 'any', inputMode: 'decimal' }}
          />
          <FormTextField
            {...field}
            name="lng"
            label={t('restaurants.lng')}
            type="number"
            inputProps={{ min: -180, max: 180, step: 'any', inputMode: 'decimal' }}
          />
        </Box>
        {readOnly ? null : (
          <FormActions busy={busy} submitLabel={submitLabel}>
            {secondaryActions}
          </FormActions>
        )}
      </Stack>
    </Paper>
  );
}
