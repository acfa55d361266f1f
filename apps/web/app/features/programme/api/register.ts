import { useMutation } from '@tanstack/react-query';
import { postConferenceRegistration, type ConferenceRegistrationForm } from '@salon/shared';
import { api } from '../../../lib/api-client';

export function useConferenceRegistration(conferenceId: number) {
  return useMutation({
    mutationFn: (values: ConferenceRegistrationForm) =>
      api(
        postConferenceRegistration,
        { params: { id: String(conferenceId) }, body: { data: values } },
        { auth: false },
      ),
  });
}
