import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '@salon/shared';

/** A date and time as the show prints them: dd/MM/yyyy HH:mm in Marrakech time, whatever the browser's zone. */
export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source] as string | null | undefined;
  // The type of react-admin's own fields, in a list cell as on a record's page.
  return (
    <Typography component="span" variant="body2">
      {value ? formatDateTime(value) : ''}
    </Typography>
  );
}
