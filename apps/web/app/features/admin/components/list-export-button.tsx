import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { adminDownload } from '../http';

/**
 * The file the API writes of the rows the list's filters keep (an xlsx with the show's columns,
 * rather than react-admin's CSV): `path` under the admin API, with `filter` and any `query` added.
 */
export function ListExportButton({
  label,
  path,
  filename,
  query = {},
}: {
  label: string;
  path: string;
  filename: string;
  query?: Record<string, string>;
}) {
  const filterValues = useListContext().filterValues as Record<string, unknown> | undefined;
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  async function download() {
    setBusy(true);
    try {
      const params = new URLSearchParams({ filter: JSON.stringify(filterValues ?? {}), ...query });
      await adminDownload(`${path}?${params.toString()}`, filename);
    } catch (error) {
      notify((error as Error).message || 'admin.errors.generic', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button label={label} onClick={() => void download()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
