import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMyServices,
  postMyServiceOrder,
  type Answer,
  type ServiceOrderForm,
  type myServicesSchema,
} from '@salon/shared';
import { api } from '../../../lib/api-client';

/** The 'Services' tab's data: the edition's catalogue, the booking orders are invoiced on, the orders. */
export type MyServices = Answer<typeof myServicesSchema>;

export function useMyServices() {
  return useQuery({ queryKey: ['my-services'], queryFn: () => api(getMyServices, {}) });
}

/** An order: the catalogue (its stock) and 'Stands et factures' (its invoice) are read again after it. */
export function useOrderServices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: ServiceOrderForm) => api(postMyServiceOrder, { body: form }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['my-services'] }),
        client.invalidateQueries({ queryKey: ['my-bookings'] }),
      ]),
  });
}
