import {
  SUBSCRIBABLE_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointInput,
  webhookEndpointBody,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { FormChoicesField } from '../../integrations/components/form-choices-field';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhooks';

/** The form's values: always a state for the switch (the schema's default is for API callers). */
type EndpointValues = WebhookEndpointInput & { is_active: boolean };

const valuesOf = (endpoint?: WebhookEndpoint): EndpointValues =>
  endpoint
    ? {
        url: endpoint.url,
        description: endpoint.description ?? '',
        event_types: endpoint.event_types.filter((type) => type !== 'webhook.test'),
        is_active: endpoint.is_active,
      }
    : { url: '', description: '', event_types: [], is_active: true };

/**
 * Registers an endpoint for chosen event types (its signing secret is shown once after), or, given
 * `endpoint`, changes its URL, description, event types and whether it is active.
 */
export function EndpointDialog({
  open,
  onClose,
  onCreated,
  endpoint,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (secret: string) => void;
  endpoint?: WebhookEndpoint;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver: zodResolver(webhookEndpointBody) as Resolver<EndpointValues, unknown, WebhookEndpointBody>,
    defaultValues: valuesOf(endpoint),
    save: async (body) =>
      endpoint
        ? { secret: null, saved: await update.mutateAsync({ id: endpoint.id, body }) }
        : { secret: (await create.mutateAsync(body)).data.secret, saved: null },
    onSaved: ({ secret, saved }) => {
      if (saved) {
        toast.success(t('integrations.endpoint_saved'));
        reset(valuesOf(saved.data as WebhookEndpoint));
        onClose();
        return;
      }
      toast.success(t('integrations.endpoint_created'));
      reset();
      if (secret) onCreated?.(secret);
    },
  });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={endpoint ? t('integrations_extra.edit_endpoint') : t('integrations.new_endpoint')}
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
        <FormSwitchField control={control} name="is_active" label={t('integrations.active')} />
      </Stack>
    </FormDialog>
  );
}
