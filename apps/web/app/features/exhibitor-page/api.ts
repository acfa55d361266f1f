import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getExhibitorPage,
  getOwnPage,
  getSectors,
  getVisitorCard,
  postOwnPageFile,
  putOwnPage,
  putVisitorCard,
  type ExhibitorPageForm,
  type VisitorCardForm,
} from '@salon/shared';
import { ApiError, api, apiUpload } from '../../lib/api-client';

/** 'Fiche annuaire': the exhibitor's page as it edits it (`GET`/`PUT exhibitor-page`). */
const ownPageKey = ['exhibitor-page'] as const;

export function useOwnPage() {
  return useQuery({
    queryKey: ownPageKey,
    queryFn: () => api(getOwnPage, {}).then((r) => r.data),
    retry: false,
  });
}

export function useSaveOwnPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ExhibitorPageForm) => api(putOwnPage, { body: values }).then((r) => r.data),
    onSuccess: (page) => queryClient.setQueryData(ownPageKey, page),
  });
}

/** The show's list of sectors an exhibitor chooses from. */
export function useSectorChoices() {
  return useQuery({
    queryKey: ['sectors', 'choice'],
    queryFn: () => api(getSectors, {}).then((r) => r.data.filter((s) => s.kind === 'choice')),
    staleTime: Infinity,
  });
}

/** The public page as visitors read it now (null while the exhibitor is not listed): the preview's base. */
export function usePublicPage(slug: string | undefined) {
  return useQuery({
    queryKey: ['exhibitors', slug],
    queryFn: () =>
      api(getExhibitorPage, { params: { slug: String(slug) } }, { auth: false }).then(
        (r) => r.data,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      ),
    enabled: slug !== undefined,
    retry: false,
  });
}

/** Uploads one file for the page (its logo, a PDF): the stored file's record. */
export async function uploadPageFile(file: File) {
  return (await apiUpload(postOwnPageFile, file)).data;
}

/** The contact card and the document the visitors it scanned get (`GET`/`PUT exhibitor-page/visitor-card`). */
const visitorCardKey = ['exhibitor-page', 'visitor-card'] as const;

export function useVisitorCard() {
  return useQuery({
    queryKey: visitorCardKey,
    queryFn: () => api(getVisitorCard, {}).then((r) => r.data),
    retry: false,
  });
}

export function useSaveVisitorCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: VisitorCardForm) => api(putVisitorCard, { body: values }).then((r) => r.data),
    onSuccess: (card) => queryClient.setQueryData(visitorCardKey, card),
  });
}
