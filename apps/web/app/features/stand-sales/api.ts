import { useMutation } from '@tanstack/react-query';
import { getStandOffer, postStandBooking, postStandQuote, type Answer, type StandBookingForm } from '@salon/shared';
import type { standOfferSchema } from '@salon/shared';
import { api } from '../../lib/api-client';

/** The offer /exposer shows: the current edition's stands for sale, their prices and states. */
export type StandOffer = Answer<typeof standOfferSchema>['data'];

/**
 * The offer read again (after a refusal: a stand was taken, the conditions changed); with a
 * returning exhibitor's link, its stand kept for it shows free.
 */
export const readOffer = async (priorite?: string) =>
  (await api(getStandOffer, { query: priorite ? { priorite } : {} }, { auth: false })).data;

export function useQuote(priority?: string) {
  return useMutation({
    mutationFn: (stands: string[]) =>
      api(postStandQuote, { body: { stands, ...(priority && { priority }) } }, { auth: false }),
  });
}

export function useHold() {
  return useMutation({
    mutationFn: (form: StandBookingForm) => api(postStandBooking, { body: { data: form } }, { auth: false }),
  });
}
