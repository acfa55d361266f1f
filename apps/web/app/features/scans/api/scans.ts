import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getLeadQuestions,
  getLeadReport,
  getLeadReportPdf,
  getScanEditions,
  getScansExport,
  getScans,
  getUsers,
  type Language,
  PAGE_SIZE,
  putLeadQuestions,
  putScan,
  type LeadQuestionsForm,
  type LeadUpdate,
  type ScanFilters,
  type ScanExport,
  type ScanTable,
} from '@salon/shared';
import { api, apiDownload } from '../../../lib/api-client';

export const scansKey = ['scans'] as const;

/** 'Mes scans' are the user's own; the second table, an exhibitor's collaborators' scans. */
function scanFilter(table: ScanTable, userId: number) {
  return table === 'scansExposant'
    ? { scanner: { id: { $eq: userId } } }
    : { scanner: { exhibitor: { id: { $eq: userId } } } };
}

/**
 * `GET scans`, newest first, 50 a page; `edition`, a past edition's year (null: the current one);
 * `narrowing`, the filters of 'Mes scans' (follow-up, rating, tag, answer, who, day).
 */
export function useScans(
  table: ScanTable,
  userId: number,
  page: number,
  edition: number | null = null,
  narrowing: ScanFilters = {},
  pageSize: number = PAGE_SIZE.scans,
) {
  return useQuery({
    queryKey: [...scansKey, table, userId, page, edition, narrowing, pageSize],
    queryFn: () =>
      api(getScans, {
        query: {
          filters: scanFilter(table, userId),
          pagination: { page, pageSize },
          ...(edition ? { edition } : {}),
          ...narrowing,
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
    queryFn: () => api(getScanEditions, {}).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** The files a table exports to: the specification's SCANS.xlsx, a CRM's CSV, an address book's vCards. */
export const EXPORT_FORMATS = { xlsx: 'SCANS.xlsx', csv: 'SCANS.csv', vcf: 'SCANS.vcf' } as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

export function useExportScans() {
  return useMutation({
    mutationFn: ({
      table,
      lang,
      edition,
      format = 'xlsx',
      filters = {},
    }: {
      table: ScanExport;
      lang: Language;
      edition: number | null;
      format?: ExportFormat;
      /** The filters of 'Mes scans': the file holds the leads they show. */
      filters?: ScanFilters;
    }) =>
      apiDownload(
        getScansExport,
        {
          query: {
            table,
            lang,
            ...(format === 'xlsx' ? {} : { format }),
            ...(edition ? { edition } : {}),
            ...filters,
          },
        },
        EXPORT_FORMATS[format],
      ),
    // Offline, the button says so at once instead of waiting for the network.
    networkMode: 'always',
  });
}

export const leadQuestionsKey = ['lead-questions'] as const;

/** The exhibitor's questions, asked after a scan (a collaborator reads its exhibitor's). */
export function useLeadQuestions() {
  return useQuery({
    queryKey: leadQuestionsKey,
    queryFn: () => api(getLeadQuestions, {}).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** 'Questions': the exhibitor saves its whole list, in its order. */
export function useSaveLeadQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: LeadQuestionsForm) => api(putLeadQuestions, { body: form }).then((r) => r.data),
    onSuccess: (data) => queryClient.setQueryData(leadQuestionsKey, data),
  });
}

/** A lead completed from 'Mes scans', or its follow-up set. */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: LeadUpdate }) =>
      api(putScan, { params: { id }, body: update }).then((r) => r.data),
    // Refused as changed meanwhile (409), the lists show the lead as it now stands too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: scansKey }),
  });
}

/** The exhibitor's collaborators, all of them, for the 'Collaborateur' filter ('Collaborateurs' pages them by 50). */
export function useTeam(exhibitorId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'collaborators', exhibitorId, 'team'],
    queryFn: async () => {
      const team: { id: number; name: string }[] = [];
      for (let page = 1; ; page++) {
        const { data, meta } = await api(getUsers, {
          query: {
            filters: { exhibitor: { id: exhibitorId } },
            pagination: { page, pageSize: PAGE_SIZE.collaborators },
          },
        });
        team.push(...data.map(({ id, name }) => ({ id, name })));
        if (page >= meta.pagination.pageCount) return team;
      }
    },
    enabled,
    staleTime: 60_000,
  });
}

/** 'Bilan': the exhibitor's leads of the edition shown (null: the current one), counted. */
export function useLeadReport(edition: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...scansKey, 'report', edition],
    queryFn: () => api(getLeadReport, { query: edition ? { edition } : {} }).then((r) => r.data),
    enabled,
    staleTime: 0,
  });
}

/** 'Télécharger le bilan (PDF)': the same report as a PDF, in the page's language, saved as `fileName`. */
export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ lang, edition, fileName }: { lang: Language; edition: number | null; fileName: string }) =>
      apiDownload(getLeadReportPdf, { query: { lang, ...(edition ? { edition } : {}) } }, fileName),
    networkMode: 'always',
  });
}
