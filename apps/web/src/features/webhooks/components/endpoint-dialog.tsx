import { SUBSCRIBABLE_EVENT_TYPES, type WebhookEndpointInput, webhookEndpointBody } from '@dostava/shared';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { FormChoicesField } from '../../integrations/components/form-choices-field';
import { useCreateWebhookEndpoint } from '../api/webhooks';

/** Registers an endpoint for chosen event types; its signing secret is shown once after. */
export function EndpointDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    schema: webhookEndpointBody,
    defaultValues: { url: '', description: '', event_types: [] } as WebhookEndpointInput,
    save: (body) => create.mutateAsync(body),
    onSaved: (answer) => {
      toast.success(t('integrations.endpoint_created'));
      reset();
      onCreated(answer.data.secret);
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('integrations.new_endpoint')}
      submitLabel={t('common.save')}
      maxWidth="md"
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormTextField control={control} name="url" label={t('integrations.url')} type="url" required />
        <FormTextField control={control} name="description" label={t('integrations.description')} />
        <FormChoicesField
          control={control}
          name="event_types"
          label={t('integrations.event_types')}
          columns={2}
          choices={SUBSCRIBABLE_EVENT_TYPES.map((value) => ({
            value,
            label: t(`integrations.event_names.${value}`),
          }))}
        />
      </Stack>
    </FormDialog>
  );
}
