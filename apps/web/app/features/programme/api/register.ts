import { useMutation } from '@tanstack/react-query';
import type { Answer, conferenceRegisteredSchema, ConferenceRegistrationForm } from '@salon/shared';
import { apiRequest } from '../../../lib/api-client';

export function useConferenceRegistration(conferenceId: number) {
  return useMutation({
    mutationFn: (values: ConferenceRegistrationForm) =>
      apiRequest<Answer<typeof conferenceRegisteredSchema>>(`conferences/${conferenceId}/registrations`, {
        method: 'POST',
        auth: false,
        body: { data: values },
      }),
  });
}
