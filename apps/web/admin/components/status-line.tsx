import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A record's state above its form: 'Statut :' (the field's name, `label`) then its chip. */
export function StatusLine({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <Typography variant="body2">{translate(label)} :</Typography>
      {children}
    </Stack>
  );
}
