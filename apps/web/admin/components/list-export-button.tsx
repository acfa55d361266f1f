import DownloadIcon from '@mui/icons-material/Download';
import type { getNewslettersExport, getVisitorsExport } from '@salon/shared';
import { Button, useListContext } from 'react-admin';
import { adminDownload } from '../http';
import { useAdminCall } from './use-admin-call';

/**
 * The file the API writes of the rows the list's filters keep (an xlsx with the show's columns,
 * rather than react-admin's CSV): the list's export call, with `filter` and any `query` added.
 */
export function ListExportButton({
  label,
  exportCall,
  filename,
  query = {},
}: {
  label: string;
  exportCall: typeof getVisitorsExport | typeof getNewslettersExport;
  filename: string;
  query?: Record<string, string>;
}) {
  const filterValues = useListContext().filterValues as Record<string, unknown> | undefined;
  const { busy, call } = useAdminCall();
  const download = () =>
    call(() =>
      adminDownload(exportCall, { query: { filter: JSON.stringify(filterValues ?? {}), ...query } }, filename),
    );
  return (
    <Button label={label} onClick={() => void download()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
