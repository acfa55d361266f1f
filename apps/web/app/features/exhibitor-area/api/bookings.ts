import { useQuery } from '@tanstack/react-query';
import { getMyBookings } from '@salon/shared';
import { api } from '../../../lib/api-client';

/** The exhibitor's own stand bookings and invoices. */
export function useMyBookings() {
  return useQuery({ queryKey: ['my-bookings'], queryFn: () => api(getMyBookings, {}) });
}
