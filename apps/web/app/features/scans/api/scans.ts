import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Answer, type scanEditionsSchema, type scanPageSchema, type ScanTable } from '@salon/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';

export const scansKey = ['scans'] as const;

/** 'Mes scans' are the user's own; the second table, an exhibitor's collaborators' scans. */
function scanFilter(table: ScanTable, userId: number) {
  return table === 'scansExposant'
    ? { scanner: { id: { $eq: userId } } }
    : { scanner: { exhibitor: { id: { $eq: userId } } } };
}

/** `GET scans`, newest first, 50 a page; `edition`, a past edition's year (null: the current one). */
export function useScans(table: ScanTable, userId: number, page: number, edition: number | null = null) {
  return useQuery({
    queryKey: [...scansKey, table, userId, page, edition],
    queryFn: () =>
      apiRequest<Answer<typeof scanPageSchema>>('scans', {
        query: {
          filters: scanFilter(table, userId),
          pagination: { page, pageSize: PAGE_SIZE.scans },
          ...(edition ? { edition } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    // Scans arrive from this phone's scanner and from the collaborators': read anew at each visit.
    staleTime: 0,
  });
}

/** The editions 'Mes scans' switches between: the current one, and those with the user's scans. */
export function useScanEditions() {
  return useQuery({
    queryKey: [...scansKey, 'editions'],
    queryFn: () => apiRequest<Answer<typeof scanEditionsSchema>>('scans/editions').then((r) => r.data),
    staleTime: 60_000,
  });
}

/** 'Exporter': every row of the table as SCANS.xlsx, its headings in the page's language. */
export function useExportScans() {
  return useMutation({
    mutationFn: ({ table, lang, edition }: { table: ScanTable; lang: string; edition: number | null }) =>
      apiDownload('scans/export', 'SCANS.xlsx', { query: { table, lang, ...(edition ? { edition } : {}) } }),
    // Offline, the button says so at once instead of waiting for the network.
    networkMode: 'always',
  });
}
