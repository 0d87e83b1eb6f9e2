import type { OrderProof } from '@dostava/shared';
import Print from '@mui/icons-material/Print';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Facts, Section } from '../../../components/facts';
import { PrivateImage } from '../../../components/private-image';
import { formatDateTime } from '../../../lib/format';
import { useOrderProof } from '../api/proofs';

/** The facts of a proof, on the order page and on the printed sheet alike. */
export function ProofFacts({ proof, orderNumber }: { proof: OrderProof; orderNumber: string }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [[t('proofs.required'), t(`proofs.kind.${proof.required}`)]];
  if (proof.leave_at_door) rows.push([t('proofs.leave_at_door'), t('common.yes')]);
  if (proof.required === 'pin')
    rows.push(['PIN', proof.pin_confirmed ? t('proofs.pin_confirmed') : t('proofs.pin_not_given')]);
  if (proof.recorded_at) {
    rows.push([t('proofs.recorded'), formatDateTime(proof.recorded_at)]);
    if (proof.lat !== null && proof.lng !== null)
      rows.push([t('proofs.position'), `${proof.lat.toFixed(5)}, ${proof.lng.toFixed(5)}`]);
    if (proof.driver) rows.push([t('proofs.driver'), proof.driver.name]);
  } else if (proof.required !== 'none') {
    rows.push([t('proofs.recorded'), t('proofs.not_delivered')]);
  }
  if (proof.photo_pending && proof.photo_due_at)
    rows.push([t('proofs.photo'), t('proofs.photo_pending', { time: formatDateTime(proof.photo_due_at) })]);
  if (proof.photo_added_at) rows.push([t('proofs.photo_added'), formatDateTime(proof.photo_added_at)]);
  if (proof.images_pruned) rows.push([t('proofs.photo'), t('proofs.images_pruned')]);
  return (
    <Stack spacing={1.5}>
      <Facts rows={rows} />
      {proof.photo || proof.signature ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {proof.photo ? (
            <Box component="figure" sx={{ m: 0 }}>
              <PrivateImage id={proof.photo.id} alt={t('proofs.image_alt_photo', { number: orderNumber })} />
              <Typography component="figcaption" variant="caption">
                {t('proofs.photo')}
              </Typography>
            </Box>
          ) : null}
          {proof.signature ? (
            <Box component="figure" sx={{ m: 0 }}>
              <PrivateImage
                id={proof.signature.id}
                alt={t('proofs.image_alt_signature', { number: orderNumber })}
                maxHeight={140}
              />
              <Typography component="figcaption" variant="caption">
                {t('proofs.signature')}
              </Typography>
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}

/** The order page's proof-of-delivery card, with the link to its printable sheet. */
export function OrderProofCard({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const { t } = useTranslation();
  const proof = useOrderProof(orderId);
  return (
    <Section title={t('proofs.card_title')}>
      {proof.data ? (
        <Stack spacing={1.5}>
          {proof.data.required === 'none' && !proof.data.recorded_at ? (
            <Typography variant="body2" color="text.secondary">
              {t('proofs.none_needed')}
            </Typography>
          ) : (
            <ProofFacts proof={proof.data} orderNumber={orderNumber} />
          )}
          <Box>
            <Button component={Link} to={`/orders/${orderId}/proof`} startIcon={<Print />} size="small">
              {t('proofs.print')}
            </Button>
          </Box>
        </Stack>
      ) : proof.isError ? (
        <Typography variant="body2" color="text.secondary">
          {t('proofs.image_failed')}
        </Typography>
      ) : (
        <Skeleton variant="rounded" height={80} />
      )}
    </Section>
  );
}
