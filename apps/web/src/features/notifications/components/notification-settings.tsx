import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_LANGUAGES,
  type NotificationSettings,
  type NotificationSetup,
  type NotificationTemplate,
  notificationSettingsBody,
  templateBodySchema,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { toasts } from '../../../lib/toast';
import { usePreviewTemplate, useSaveNotificationSettings, useSaveTemplate } from '../api/notifications';

/** Which channels the server has: an unconfigured one says that messages are recorded as not sent. */
export function ChannelStatus({ setup }: { setup: NotificationSetup }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} component="section" aria-label={t('notifications.channels')}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
        {t('notifications.channels')}
      </Typography>
      {(['push', 'sms'] as const).map((channel) => {
        const name = t(`notifications.channel.${channel}`);
        return setup.channels[channel] ? (
          <Alert key={channel} severity="success">
            {t('notifications.configured', { channel: name })}
          </Alert>
        ) : (
          <Alert key={channel} severity="warning">
            {t('notifications.not_configured', { channel: name })}
          </Alert>
        );
      })}
    </Stack>
  );
}

interface RuleValues {
  quiet_start: string;
  quiet_end: string;
  late_minutes: string;
  per_order_cap: string;
  arriving_meters: string;
  link_hours: string;
}
const toValues = (s: NotificationSettings): RuleValues => ({
  quiet_start: s.quiet_start ?? '',
  quiet_end: s.quiet_end ?? '',
  late_minutes: String(s.late_minutes),
  per_order_cap: String(s.per_order_cap),
  arriving_meters: String(s.arriving_meters),
  link_hours: String(s.link_hours),
});
const num = (v: string) => (v.trim() === '' ? undefined : Number(v.trim()));
const bodyResolver = zodResolver(notificationSettingsBody);
/** The shared body schema checks the values as typed: the API's own messages and bounds. */
const rulesResolver: Resolver<RuleValues, unknown, NotificationSettings> = (values, context, options) =>
  bodyResolver(
    {
      quiet_start: values.quiet_start.trim() || null,
      quiet_end: values.quiet_end.trim() || null,
      late_minutes: num(values.late_minutes),
      per_order_cap: num(values.per_order_cap),
      arriving_meters: num(values.arriving_meters),
      link_hours: num(values.link_hours),
    } as never,
    context,
    options as never,
  ) as ReturnType<Resolver<RuleValues, unknown, NotificationSettings>>;

export function NotificationRulesForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSettings();
  const { control, submit, busy, reset } = useApiForm({
    resolver: rulesResolver,
    defaultValues: toValues(settings),
    save: async (body) => (await save.mutateAsync(body)).data,
    onSaved: (saved) => {
      toasts.success(t('notifications.saved'));
      reset(toValues(saved.settings));
    },
  });
  const field = (name: keyof RuleValues, numeric = false, placeholder?: string) => (
    <FormTextField
      control={control}
      name={name}
      label={t(`notifications.${name}`)}
      {...(placeholder ? { placeholder } : {})}
      {...(numeric ? { inputProps: { inputMode: 'numeric' as const } } : {})}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2}
        aria-label={t('notifications.settings')}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
          {t('notifications.settings')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('quiet_start', false, '22:00')}
          {field('quiet_end', false, '08:00')}
          {field('late_minutes', true)}
          {field('per_order_cap', true)}
          {field('arriving_meters', true)}
          {field('link_hours', true)}
        </Box>
        <FormActions busy={busy} />
      </Stack>
    </Paper>
  );
}

/** One template: pick the event and language, edit, preview with a sample order, save. */
export function TemplateEditor({ templates }: { templates: NotificationTemplate[] }) {
  const { t } = useTranslation();
  const [event, setEvent] = useState<string>(NOTIFICATION_EVENTS[0]);
  const [language, setLanguage] = useState<string>(NOTIFICATION_LANGUAGES[0]);
  const current = templates.find((x) => x.event === event && x.language === language);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack spacing={2} component="section" aria-label={t('notifications.templates')}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
          {t('notifications.templates')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <TextField
            select
            label={t('notifications.what')}
            value={event}
            onChange={(e) => setEvent(e.target.value)}
          >
            {NOTIFICATION_EVENTS.map((e) => (
              <MenuItem key={e} value={e}>
                {t(`notifications.event.${e}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('notifications.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            {NOTIFICATION_LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`language.${l}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {current ? <TemplateForm key={`${event}:${language}:${current.body}`} template={current} /> : null}
      </Stack>
    </Paper>
  );
}

function TemplateForm({ template }: { template: NotificationTemplate }) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const [shown, setShown] = useState<{ text: string; length: number } | null>(null);
  const { control, submit, busy, getValues, trigger } = useApiForm({
    schema: templateBodySchema,
    defaultValues: { body: template.body },
    save: async (body) =>
      (await save.mutateAsync({ event: template.event, language: template.language, body: body.body })).data,
    onSaved: () => toasts.success(t('notifications.saved')),
  });
  const showPreview = async () => {
    if (!(await trigger('body'))) return;
    const answer = await preview.mutateAsync({
      event: template.event,
      language: template.language,
      body: getValues('body'),
    });
    setShown(answer.data);
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('notifications.text')}>
      <FormTextField
        control={control}
        name="body"
        label={`${t('notifications.text')}${template.is_default ? ` (${t('notifications.default')})` : ''}`}
        multiline
        minRows={3}
        helperText={t('notifications.placeholders')}
      />
      {shown ? (
        <Alert severity="info" role="status">
          <strong>{t('notifications.preview_of', { length: shown.length })}</strong>
          <Box component="p" sx={{ m: 0, mt: 0.5 }}>
            {shown.text}
          </Box>
        </Alert>
      ) : null}
      <FormActions busy={busy}>
        <Button onClick={() => void showPreview()} disabled={preview.isPending}>
          {t('notifications.preview')}
        </Button>
      </FormActions>
    </Stack>
  );
}
