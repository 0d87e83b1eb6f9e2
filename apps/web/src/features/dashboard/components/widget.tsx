import { Box, Paper, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** A titled dashboard card; a region named by its title, so tests and screen readers find it. */
export function Widget({
  title,
  hint,
  children,
  minHeight,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  minHeight?: number;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, minWidth: 0, height: '100%', minHeight }}
    >
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      ) : null}
      <Box sx={{ mt: 1.5 }}>{children}</Box>
    </Paper>
  );
}

/** A big number with its label. */
export function StatCard({ title, value, hint }: { title: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, minWidth: 0 }}
    >
      <Typography id={id} variant="body2" color="text.secondary" component="h2">
        {title}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {hint}
        </Typography>
      ) : null}
    </Paper>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
