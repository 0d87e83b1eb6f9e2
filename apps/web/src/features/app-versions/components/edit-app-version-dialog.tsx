import type { AppVersion } from '@dostava/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { useApiForm } from '../../../lib/form';
import { useUpdateAppVersion } from '../api/app-versions';
import { AppVersionFields, appVersionResolver, toFormValues } from './app-version-form';

/**
 * Corrects a released version from its row (a wrong number, priority or notes). Saving closes the
 * dialog with a success toast; the list stays where it was.
 */
export function EditAppVersionDialog({
  version,
  onClose,
}: {
  version: AppVersion | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateAppVersion();
  const open = version !== null;
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver: appVersionResolver,
    defaultValues: toFormValues(version ?? undefined),
    save: (body) => update.mutateAsync({ id: version?.id ?? 0, body }),
    onSaved: () => {
      toast.success(t('app_versions.edited'));
      onClose();
    },
  });

  useEffect(() => {
    if (version) reset(toFormValues(version));
  }, [version, reset]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('app_versions.edit')}
      submitLabel={t('common.save')}
      maxWidth="md"
    >
      <AppVersionFields control={control} />
    </FormDialog>
  );
}
