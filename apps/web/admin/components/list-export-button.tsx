import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { adminDownload } from '../http';
import { useAdminCall } from './use-admin-call';

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
  const { busy, call } = useAdminCall();
  const download = () =>
    call(() => {
      const params = new URLSearchParams({ filter: JSON.stringify(filterValues ?? {}), ...query });
      return adminDownload(`${path}?${params.toString()}`, filename);
    });
  return (
    <Button label={label} onClick={() => void download()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
