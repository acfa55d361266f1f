import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** A form's inputs side by side on a wide screen, one under the other on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 2 }} sx={{ width: '100%' }}>
      {children}
    </Stack>
  );
}
