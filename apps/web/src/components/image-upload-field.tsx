import type { Image, UploadKind } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../lib/http';
import { translateMessage } from '../lib/i18n';
import { checkImageFile, uploadImage } from '../lib/uploads';

interface ImageUploadFieldProps {
  label: string;
  value: Image | null;
  onChange: (image: Image | null) => void;
  disabled?: boolean;
  /** A message under the field (catalogue key or translated text). */
  error?: string;
  /** Round preview (avatars) instead of a rounded square. */
  round?: boolean;
  /** `private` (incident photos): served only through the authorised read, previewed from the file chosen. */
  kind?: UploadKind;
}

/** Picks an image, uploads it (POST /uploads) and hands back {id, file_url}. */
export function ImageUploadField({
  label,
  value,
  onChange,
  disabled,
  error,
  round,
  kind = 'public',
}: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const [localError, setLocalError] = useState<string | null>(null);
  const labelId = useId();
  const helpId = useId();

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setLocalError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const image = await uploadImage(file, kind);
      if (kind === 'private') setPreview(URL.createObjectURL(file));
      onChange(image);
    } catch (error) {
      // Not a query or a mutation: the cache does not show it, so the field does.
      showFailure(error);
    } finally {
      setUploading(false);
    }
  }

  const message = translateMessage(localError ?? error);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Avatar
          src={value ? (kind === 'private' ? (preview ?? undefined) : value.file_url) : undefined}
          alt={value ? label : undefined}
          variant={round ? 'circular' : 'rounded'}
          sx={{ width: 72, height: 72, bgcolor: 'grey.200', color: 'grey.500' }}
        >
          <PhotoCamera />
        </Avatar>
        <Button
          component="label"
          variant="outlined"
          loading={uploading}
          disabled={disabled}
          startIcon={<PhotoCamera />}
        >
          {t('common.upload_image')}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={handleFile}
            disabled={disabled || uploading}
            aria-describedby={message ? helpId : undefined}
          />
        </Button>
        {value && !disabled ? (
          <Button color="inherit" startIcon={<DeleteOutline />} onClick={() => onChange(null)}>
            {t('common.remove_image')}
          </Button>
        ) : null}
      </Box>
      {message ? (
        <FormHelperText id={helpId} error>
          {message}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
