import ContentCopy from '@mui/icons-material/ContentCopy';
import { Button, Link, Rating, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Facts, Section } from '../../../components/facts';
import { formatDateTime } from '../../../lib/format';
import { toasts } from '../../../lib/toast';
import { useReissueLink, useRevokeLink, useTrackingLink } from '../api/tracking-link';

/**
 * The order's customer tracking link on its page: to copy and send by hand when a customer calls,
 * revoke (the page stops working) or issue anew; and the customer's rating once given.
 */
export function TrackingLinkCard({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const query = useTrackingLink(orderId);
  const revoke = useRevokeLink();
  const reissue = useReissueLink();
  const [confirm, setConfirm] = useState(false);
  const link = query.data;
  const url = link?.path ? `${window.location.origin}${link.path}` : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Without clipboard permission the field below stays selectable.
    }
    toasts.success(t('tracking_staff.copied'));
  };

  return (
    <Section title={t('tracking_staff.title')}>
      {!link ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <Stack spacing={1.5}>
          {url ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                size="small"
                label={t('tracking_staff.title')}
                value={url}
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (e: { target: HTMLInputElement }) => e.target.select(),
                  },
                }}
                fullWidth
              />
              <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy} sx={{ flexShrink: 0 }}>
                {t('tracking_staff.copy')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('tracking_staff.none')}
            </Typography>
          )}
          <Facts
            rows={[
              ...(link.expires_at
                ? [
                    [t('tracking_staff.expires', { time: '' }).trim(), formatDateTime(link.expires_at)] as [
                      string,
                      string,
                    ],
                  ]
                : []),
              [
                t('tracking_staff.rating'),
                link.rating ? (
                  <Stack key="rating" spacing={0.5}>
                    <Rating
                      value={link.rating.rating}
                      readOnly
                      size="small"
                      aria-label={t('tracking_staff.stars', { count: link.rating.rating })}
                    />
                    <span>{t('tracking_staff.stars', { count: link.rating.rating })}</span>
                    {link.rating.comment ? <q>{link.rating.comment}</q> : null}
                  </Stack>
                ) : (
                  t('tracking_staff.no_rating')
                ),
              ],
            ]}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {url ? (
              <Button component={Link} href={url} target="_blank" rel="noopener" size="small">
                {t('tracking_staff.open')}
              </Button>
            ) : null}
            {url ? (
              <Button color="error" size="small" onClick={() => setConfirm(true)}>
                {t('tracking_staff.revoke')}
              </Button>
            ) : null}
            <Button
              size="small"
              disabled={reissue.isPending}
              onClick={() =>
                reissue.mutate(orderId, { onSuccess: () => toasts.success(t('tracking_staff.reissued')) })
              }
            >
              {t('tracking_staff.reissue')}
            </Button>
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={confirm}
        title={t('tracking_staff.revoke')}
        message={t('tracking_staff.revoke_confirm')}
        confirmLabel={t('tracking_staff.revoke')}
        destructive
        busy={revoke.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          revoke.mutate(orderId, {
            onSuccess: () => {
              setConfirm(false);
              toasts.success(t('tracking_staff.revoked'));
            },
          })
        }
      />
    </Section>
  );
}
