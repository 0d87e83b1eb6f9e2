import LockOutlined from '@mui/icons-material/LockOutlined';
import { Box, FormHelperText, InputBase, Typography } from '@mui/material';
import { useId } from 'react';

/**
 * A value the user may read but not change, shown as text rather than as an input box: its label
 * above, a lock before it, the reason under it. A read-only input inside, so it keeps its label for
 * assistive technology (which announces it read-only) and for the tests.
 */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <LockOutlined fontSize="small" color="action" aria-hidden />
        <InputBase
          id={id}
          value={value}
          readOnly
          fullWidth
          inputProps={{ 'aria-describedby': hint ? hintId : undefined }}
          sx={{ fontWeight: 500, '& input': { py: 0.5, cursor: 'default' } }}
        />
      </Box>
      {hint ? (
        <FormHelperText id={hintId} sx={{ mx: 0 }}>
          {hint}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
