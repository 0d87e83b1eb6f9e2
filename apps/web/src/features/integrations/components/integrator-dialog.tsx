import { type IntegratorInput, integratorBody } from '@dostava/shared';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { useCreateIntegrator } from '../api/integrations';

/** Registers an integrator (name, contact); its keys are created on its page. */
export function IntegratorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateIntegrator();
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    schema: integratorBody,
    defaultValues: { name: '', contact_email: '', contact_name: '' } as IntegratorInput,
    save: (body) => create.mutateAsync(body),
    onSaved: () => {
      toast.success(t('integrations.created'));
      reset();
      onClose();
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('integrations.new_integrator')}
      submitLabel={t('common.save')}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          label={t('integrations.name')}
          required
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="contact_email"
          label={t('integrations.contact_email')}
          type="email"
          required
        />
        <FormTextField control={control} name="contact_name" label={t('integrations.contact_name')} />
      </Stack>
    </FormDialog>
  );
}
