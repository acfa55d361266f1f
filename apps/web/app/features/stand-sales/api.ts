import { useMutation } from '@tanstack/react-query';
import { getStandOffer, postStandBooking, postStandQuote, type Answer, type StandBookingForm } from '@salon/shared';
import type { standOfferSchema } from '@salon/shared';
import { api } from '../../lib/api-client';

/** The offer /exposer shows: the current edition's stands for sale, their prices and states. */
export type StandOffer = Answer<typeof standOfferSchema>['data'];

/** The offer read again (after a refusal: a stand was taken, the conditions changed). */
export const readOffer = async () => (await api(getStandOffer, {}, { auth: false })).data;

export function useQuote() {
  return useMutation({
    mutationFn: (stands: string[]) => api(postStandQuote, { body: { stands } }, { auth: false }),
  });
}

export function useHold() {
  return useMutation({
    mutationFn: (form: StandBookingForm) => api(postStandBooking, { body: { data: form } }, { auth: false }),
  });
}
