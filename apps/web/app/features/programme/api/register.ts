import { useMutation } from '@tanstack/react-query';
import type { ConferenceRegistrationForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

export function useConferenceRegistration(conferenceId: number) {
  return useMutation({
    mutationFn: (values: ConferenceRegistrationForm) =>
      apiRequest<{ data: { conference: { id: number } } }>(`conferences/${conferenceId}/registrations`, {
        method: 'POST',
        auth: false,
        body: { data: values },
      }),
  });
}
