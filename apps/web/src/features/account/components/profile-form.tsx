import { type CurrentUser, type Image, updateProfileBody } from '@dostava/shared';
import { Box, Paper, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormActions } from '../../../components/form-actions';
import { FormTextField } from '../../../components/form-text-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { useApiForm } from '../../../lib/form';
import { useUpdateProfile } from '../api/account';

type ProfileInput = (typeof updateProfileBody)['_zod']['input'];

const toValues = (user: CurrentUser): ProfileInput => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  image_id: user.image?.id ?? null,
});

export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [image, setImage] = useState<Image | null>(user.image);
  const { control, submit, busy, setValue, formState, reset } = useApiForm({
    schema: updateProfileBody,
    defaultValues: toValues(user),
    save: update.mutateAsync,
    onSaved: ({ data }) => {
      reset(toValues(data));
      toast.success(t('account.profile_saved'));
    },
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-label={t('account.profile')}>
        <ImageUploadField
          round
          label={t('account.image')}
          value={image}
          error={formState.errors.image_id?.message}
          onChange={(next) => {
            setImage(next);
            setValue('image_id', next?.id ?? null, { shouldDirty: true });
          }}
        />
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="first_name"
            label={t('account.first_name')}
            required
            autoComplete="given-name"
          />
          <FormTextField
            control={control}
            name="last_name"
            label={t('account.last_name')}
            required
            autoComplete="family-name"
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('auth.email')}
            required
            autoComplete="email"
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
        </Box>
        <FormActions busy={busy} />
      </Stack>
    </Paper>
  );
}
