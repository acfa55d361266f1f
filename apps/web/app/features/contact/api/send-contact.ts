import { useMutation } from '@tanstack/react-query';
import { postContact, type ContactForm } from '@salon/shared';
import { api } from '../../../lib/api-client';

export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'message',
] as const satisfies readonly (keyof ContactForm)[];

/** `POST contact` with the Strapi-style `{ data }` wrapper; apiRequest adds the XSRF header. */
async function sendContact(values: ContactForm): Promise<void> {
  await api(postContact, { body: { data: values } }, { auth: false });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
