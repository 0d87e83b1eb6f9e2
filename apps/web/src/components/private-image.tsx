import { Box, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../lib/api-client';

/**
 * A private image (a proof of delivery, an incident photo): read with the caller's token through
 * GET /api/uploads/private/{id} (a plain <img src> cannot send it), shown from the Blob.
 */
export function PrivateImage({ id, alt, maxHeight = 240 }: { id: number; alt: string; maxHeight?: number }) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['private-image', id],
    queryFn: async () => {
      const { data } = await client.GET('/api/uploads/private/{id}', {
        params: { path: { id } },
        parseAs: 'blob',
      });
      if (!data) throw new Error('empty image');
      return data as Blob;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (image.isError)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('proofs.image_failed')}
      </Typography>
    );
  if (!url) return <Skeleton variant="rounded" width={160} height={120} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{
        display: 'block',
        maxWidth: '100%',
        maxHeight,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}
