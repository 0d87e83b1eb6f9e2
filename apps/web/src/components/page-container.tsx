import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The content column of a dashboard page. */
export function PageContainer({ children, maxWidth = 1400 }: { children: ReactNode; maxWidth?: number }) {
  return <Box sx={{ width: '100%', maxWidth, mx: 'auto', minWidth: 0 }}>{children}</Box>;
}
