import {
  type Image,
  isRestaurantRole,
  ROLES,
  type Role,
  type User,
  type UserCreateBody,
  type UserUpdateBody,
  userCreateBody,
  userUpdateBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormSelectField } from '../../../components/form-select-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { PasswordField } from '../../../components/password-field';
import { FormRestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { useApiForm } from '../../../lib/form';
import { useCurrentUser } from '../../../lib/session';

/** What the inputs hold: the role and restaurant as the selects' values, the password as typed. */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: Role | '';
  restaurant_id: string;
  password: string;
  is_active: boolean;
  image_id: number | null;
}

type UserBody = UserCreateBody | UserUpdateBody;

function toFormValues(
  user: User | undefined,
  preset: { role?: Role; restaurantId?: number },
): UserFormValues {
  const restaurantId = user?.restaurant_id ?? preset.restaurantId;
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: user?.role ?? preset.role ?? '',
    restaurant_id: restaurantId ? String(restaurantId) : '',
    password: '',
    is_active: user?.is_active ?? true,
    image_id: user?.image?.id ?? null,
  };
}

/**
 * The shared `userCreateBody` / `userUpdateBody` check the values once they are shaped like the API's
 * body: the restaurant only for restaurant staff, and on edit an empty password keeps the current one.
 */
function makeResolver(editing: boolean): Resolver<UserFormValues, unknown, UserBody> {
  const bodyResolver = zodResolver(editing ? userUpdateBody : userCreateBody);
  return async (values, context, options) => {
    const role = values.role || undefined;
    const body = {
      ...values,
      role,
      restaurant_id:
        role && isRestaurantRole(role) && values.restaurant_id ? Number(values.restaurant_id) : null,
      password: editing && values.password === '' ? undefined : values.password,
    };
    const result = await bodyResolver(body, context, options as never);
    if (result.errors.role && !role)
      result.errors.role = { type: 'validate', message: 'validation.required' };
    return result as Awaited<ReturnType<Resolver<UserFormValues, unknown, UserBody>>>;
  };
}

interface UserFormProps {
  user?: User;
  /**
   * 'user': every field (Admin, App Manager). 'employee': a Restaurant Employee of `restaurantId`, with
   * no role or restaurant to choose.
   */
  variant?: 'user' | 'employee';
  /** The employee's restaurant; for a new user, the restaurant chosen beforehand (from the URL). */
  restaurantId?: number;
  /** Saves; throws the API error so field errors can be shown. */
  onSubmit: (body: UserBody) => Promise<User | undefined>;
  /** Extra buttons beside save (cancel, back). */
  secondaryActions?: React.ReactNode;
}

/** The one account form, for users and restaurant employees, adding and editing. */
export function UserForm({
  user,
  variant = 'user',
  restaurantId,
  onSubmit,
  secondaryActions,
}: UserFormProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const editing = user !== undefined;
  const employee = variant === 'employee';
  const self = user?.id === me.id;
  const [resolver] = useState(() => makeResolver(editing));
  const [image, setImage] = useState<Image | null>(user?.image ?? null);
  const preset = employee
    ? { role: 'restaurant_employee' as const, restaurantId }
    : { role: restaurantId ? ('restaurant_employee' as const) : undefined, restaurantId };
  const { control, submit, busy, setValue, formState, reset } = useApiForm({
    resolver,
    defaultValues: toFormValues(user, preset),
    save: onSubmit,
    onSaved: (saved) => saved && reset(toFormValues(saved, preset)),
  });
  const role = useWatch({ control, name: 'role' });

  // App Managers are not offered Admin; an Admin account keeps its role in the list.
  const roles = ROLES.filter((r) => r !== 'admin' || me.role === 'admin' || user?.role === 'admin');
  const title = employee
    ? t(editing ? 'employees.edit' : 'employees.add')
    : t(editing ? 'users.edit' : 'users.add');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label={title}>
        {self ? <Alert severity="info">{t('users.self_locked')}</Alert> : null}
        <ImageUploadField
          round
          label={t('users.image')}
          value={image}
          disabled={busy}
          error={formState.errors.image_id?.message}
          onChange={(next) => {
            setImage(next);
            setValue('image_id', next?.id ?? null, { shouldDirty: true });
          }}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="first_name"
            label={t('users.first_name')}
            autoComplete="off"
            required
          />
          <FormTextField
            control={control}
            name="last_name"
            label={t('users.last_name')}
            autoComplete="off"
            required
          />
          <FormTextField
            control={control}
            name="email"
            label={t('users.email')}
            type="email"
            autoComplete="off"
            required
          />
          <FormTextField
            control={control}
            name="phone"
            label={t('users.phone')}
            type="tel"
            autoComplete="off"
          />
          <PasswordField
            control={control}
            name="password"
            label={t('users.password')}
            autoComplete="new-password"
            required={!editing}
            helperText={editing ? t('users.password_edit_hint') : t('account.password_hint')}
          />
          {employee ? null : (
            <FormSelectField
              control={control}
              name="role"
              required
              label={t('users.role')}
              placeholder={t('users.choose_role')}
              options={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              disabled={self}
              onValueChange={(value) => {
                if (!roles.some((r) => r === value && isRestaurantRole(r))) setValue('restaurant_id', '');
              }}
            />
          )}
          {!employee && role !== '' && isRestaurantRole(role) ? (
            <FormRestaurantPicker
              control={control}
              name="restaurant_id"
              required
              label={t('users.restaurant')}
              placeholder={t('users.choose_restaurant')}
            />
          ) : null}
          <FormSwitchField
            control={control}
            name="is_active"
            label={t('users.is_active')}
            helperText={t('users.is_active_hint')}
            disabled={self}
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Box>
        <FormActions busy={busy}>{secondaryActions}</FormActions>
      </Stack>
    </Paper>
  );
}
