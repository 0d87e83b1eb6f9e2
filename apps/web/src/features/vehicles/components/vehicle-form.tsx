import {
  VEHICLE_TYPES,
  type Vehicle,
  type VehicleBody,
  type VehicleType,
  vehicleBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack } from '@mui/material';
import { type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormSelectField } from '../../../components/form-select-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { type DriverOption, FormDriverAutocomplete } from '../../../components/pickers/driver-autocomplete';
import { useApiForm } from '../../../lib/form';

/** What the inputs hold: the type as the select's value, the driver as the chosen option. */
export interface VehicleFormValues {
  plate_number: string;
  type: VehicleType | '';
  driver_id: DriverOption | null;
  /** The chosen driver uses another vehicle: move them onto this one. */
  move_driver: boolean;
}

function toFormValues(vehicle?: Vehicle): VehicleFormValues {
  return {
    plate_number: vehicle?.plate_number ?? '',
    type: vehicle?.type ?? '',
    driver_id: vehicle?.driver ?? null,
    move_driver: false,
  };
}

const bodyResolver = zodResolver(vehicleBody);

/** The shared `vehicleBody` checks the values shaped like the API's body (the driver as its id). */
const resolver: Resolver<VehicleFormValues, unknown, VehicleBody> = async (values, context, options) => {
  const result = await bodyResolver(
    // A blank type is left out, so that the schema reports it as missing.
    {
      ...values,
      type: (values.type || undefined) as VehicleType,
      driver_id: values.driver_id?.id ?? null,
      move_driver: Boolean(values.driver_id && values.move_driver),
    },
    context,
    options as never,
  );
  if (result.errors.type && !values.type) {
    result.errors.type = { type: 'validate', message: 'validation.required' };
  }
  return result as Awaited<ReturnType<Resolver<VehicleFormValues, unknown, VehicleBody>>>;
};

interface VehicleFormProps {
  vehicle?: Vehicle;
  /** Saves; throws the API error so field errors (a duplicate plate, a driver with a vehicle) show. */
  onSubmit: (body: VehicleBody) => Promise<Vehicle | undefined>;
  secondaryActions?: React.ReactNode;
}

/** The one vehicle form, for adding and editing. */
export function VehicleForm({ vehicle, onSubmit, secondaryActions }: VehicleFormProps) {
  const { t } = useTranslation();
  const { control, submit, busy, setValue, reset } = useApiForm({
    resolver,
    defaultValues: toFormValues(vehicle),
    save: onSubmit,
    onSaved: (saved) => saved && reset(toFormValues(saved)),
  });
  const driver = useWatch({ control, name: 'driver_id' });
  // A driver on another vehicle is offered a move here, rather than refused after saving.
  const otherPlate = driver?.plate && driver.plate !== vehicle?.plate_number ? driver.plate : null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={3}
        aria-label={vehicle ? t('vehicles.edit') : t('vehicles.add')}
      >
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="plate_number"
            label={t('vehicles.plate_number')}
            helperText={t('vehicles.plate_hint')}
            autoComplete="off"
            required
          />
          <FormSelectField
            control={control}
            name="type"
            required
            label={t('vehicles.type')}
            placeholder={t('vehicles.choose_type')}
            options={VEHICLE_TYPES.map((type) => ({ value: type, label: t(`vehicles.types.${type}`) }))}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            <FormDriverAutocomplete
              control={control}
              name="driver_id"
              label={t('vehicles.driver')}
              helperText={t('vehicles.driver_hint')}
              onValueChange={(next) =>
                setValue('move_driver', Boolean(next?.plate && next.plate !== vehicle?.plate_number))
              }
            />
            {otherPlate && driver ? (
              <FormSwitchField
                control={control}
                name="move_driver"
                kind="checkbox"
                label={t('vehicles.move_driver', {
                  name: `${driver.first_name} ${driver.last_name}`,
                  plate: otherPlate,
                })}
              />
            ) : null}
          </Box>
        </Box>
        <FormActions busy={busy}>{secondaryActions}</FormActions>
      </Stack>
    </Paper>
  );
}
