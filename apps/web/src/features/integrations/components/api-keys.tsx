import { type ApiKeyInput, apiKeyBody, DEFAULT_KEY_RATE_LIMIT, INTEGRATOR_SCOPES } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { languageOf } from '../../../components/data-table/columns';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import {
  type ApiKeyRow,
  useApiKeys,
  useCreateApiKey,
  useRestaurantChoices,
  useRevokeApiKey,
  useRotateApiKey,
} from '../api/integrations';
import { FormChoicesField } from './form-choices-field';
import { SecretDialog } from './secret-dialog';
import { StateChip } from './state-chip';

const STATE_COLORS = {
  active: 'success',
  expiring: 'warning',
  expired: 'default',
  revoked: 'error',
} as const;

/** An integrator's keys: create (its secret shown once), rotate with an overlap, revoke. */
export function ApiKeys({ integratorId }: { integratorId: number }) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(integratorId);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState<ApiKeyRow | null>(null);
  const [overlap, setOverlap] = useState('24');
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const language = languageOf(i18n.language);

  return (
    <Box component="section" aria-labelledby="api-keys-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h6" component="h2" id="api-keys-title">
          {t('integrations.keys')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          {t('integrations.new_key')}
        </Button>
      </Stack>
      {keys.isError ? <ErrorState onRetry={() => void keys.refetch()} /> : null}
      {keys.data && !keys.data.length ? <Typography>{t('integrations.no_keys')}</Typography> : null}
      <Stack spacing={2}>
        {keys.data?.map((key) => (
          <Paper
            key={key.id}
            component="article"
            variant="outlined"
            sx={{ p: 2 }}
            aria-label={`${key.name} ${key.prefix}`}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ justifyContent: 'space-between', gap: 1, alignItems: { sm: 'center' } }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{key.name}</Typography>
                <Typography sx={{ fontFamily: 'monospace' }}>{key.prefix}…</Typography>
              </Box>
              <StateChip tone={STATE_COLORS[key.state]} label={t(`integrations.key_states.${key.state}`)} />
            </Stack>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', md: 'max-content 1fr' },
                columnGap: 2,
                rowGap: 0.5,
                my: 1.5,
                '& dt': { color: 'text.secondary' },
                '& dd': { m: 0 },
              }}
            >
              <dt>{t('integrations.scopes')}</dt>
              <dd>{key.scopes.map((s) => t(`integrations.scope_names.${s}`)).join(', ')}</dd>
              <dt>{t('integrations.restaurants')}</dt>
              <dd>{key.restaurants.map((r) => r.name).join(', ')}</dd>
              <dt>{t('integrations.rate_limit')}</dt>
              <dd>{key.rate_limit_per_minute}</dd>
              <dt>{t('integrations.last_used')}</dt>
              <dd>
                {key.last_used_at ? formatDateTime(key.last_used_at, language) : t('integrations.never_used')}
              </dd>
              {key.expires_at ? (
                <>
                  <dt>{t('integrations.expires')}</dt>
                  <dd>{formatDateTime(key.expires_at, language)}</dd>
                </>
              ) : null}
            </Box>
            {key.state === 'active' || key.state === 'expiring' ? (
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                {key.state === 'active' ? (
                  <Button
                    variant="outlined"
                    onClick={() => setRotating(key)}
                    aria-label={`${t('integrations.rotate')} ${key.prefix}`}
                  >
                    {t('integrations.rotate')}
                  </Button>
                ) : null}
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => setRevoking(key)}
                  aria-label={`${t('integrations.revoke')} ${key.prefix}`}
                >
                  {t('integrations.revoke')}
                </Button>
              </Stack>
            ) : null}
          </Paper>
        ))}
      </Stack>
      <NewKeyDialog
        integratorId={integratorId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret(value);
        }}
      />
      <SecretDialog secret={secret} label={t('integrations.secret_label')} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('integrations.revoke_title', { prefix: revoking?.prefix ?? '' })}
        message={t('integrations.revoke_text')}
        confirmLabel={t('integrations.revoke')}
        destructive
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(t('integrations.revoked'));
              setRevoking(null);
            },
          })
        }
      />
      <FormDialog
        open={rotating !== null}
        onClose={() => setRotating(null)}
        busy={rotate.isPending}
        onSubmit={(event) => {
          event.preventDefault();
          if (!rotating) return;
          rotate.mutate(
            { id: rotating.id, body: { overlap_hours: Math.max(0, Math.min(336, Number(overlap) || 0)) } },
            {
              onSuccess: (answer) => {
                setRotating(null);
                setSecret(answer.data.secret);
              },
            },
          );
        }}
        title={t('integrations.rotate_title', { prefix: rotating?.prefix ?? '' })}
        description={t('integrations.rotate_text')}
        submitLabel={t('integrations.rotate')}
      >
        <TextField
          label={t('integrations.overlap_hours')}
          type="number"
          value={overlap}
          onChange={(event) => setOverlap(event.target.value)}
          slotProps={{ htmlInput: { min: 0, max: 336 } }}
          fullWidth
          sx={{ mt: 1 }}
        />
      </FormDialog>
    </Box>
  );
}

function NewKeyDialog({
  integratorId,
  open,
  onClose,
  onCreated,
}: {
  integratorId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const restaurants = useRestaurantChoices();
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    schema: apiKeyBody,
    defaultValues: {
      name: '',
      scopes: [],
      restaurant_ids: [],
      rate_limit_per_minute: DEFAULT_KEY_RATE_LIMIT,
    } as ApiKeyInput,
    save: (body) => create.mutateAsync({ id: integratorId, body }),
    onSaved: (answer) => {
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
      title={t('integrations.new_key')}
      submitLabel={t('common.save')}
      maxWidth="md"
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          label={t('integrations.key_name')}
          required
          autoComplete="off"
        />
        <FormChoicesField
          control={control}
          name="scopes"
          label={t('integrations.scopes')}
          columns={2}
          choices={INTEGRATOR_SCOPES.map((value) => ({
            value,
            label: t(`integrations.scope_names.${value}`),
          }))}
        />
        <FormChoicesField
          control={control}
          name="restaurant_ids"
          label={t('integrations.restaurants')}
          columns={2}
          choices={(restaurants.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Stack>
    </FormDialog>
  );
}
