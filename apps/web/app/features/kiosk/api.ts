import {
  KIOSK_TOKEN_HEADER,
  getOwnKiosk,
  postKioskLookup,
  postKioskSession,
  postKioskSessionEnd,
  type Call,
  type CallAnswer,
  type CallInput,
  type KioskBadge,
  type KioskEnable,
  type KioskLookup,
  type LoginForm,
} from '@salon/shared';
import { ApiError, api } from '../../lib/api-client';
import { clearKioskDevice, saveKioskDevice, type KioskDevice } from './device';

/**
 * A call as the kiosk: its own token, never the exhibitor session stored in the same browser.
 * Any 401 means the kiosk was revoked (or ended elsewhere): the device forgets it at once.
 */
async function kioskCall<C extends Call>(device: KioskDevice, c: C, input: CallInput<C>): Promise<CallAnswer<C>> {
  try {
    return await api(c, input, { auth: false, headers: { [KIOSK_TOKEN_HEADER]: device.token } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearKioskDevice('revoked');
    throw error;
  }
}

/** `POST kiosk/sessions`: a controller's or organiser's credentials turn this device into a kiosk. */
export async function enableKiosk(form: KioskEnable): Promise<KioskDevice> {
  const { data } = await api(postKioskSession, { body: form }, { auth: false });
  saveKioskDevice(data);
  return data;
}

/** `GET kiosk/session`: still live, neither revoked nor past its day? (a 401 clears it in kioskCall). */
export function checkKiosk(device: KioskDevice): Promise<unknown> {
  return kioskCall(device, getOwnKiosk, {});
}

/** `POST kiosk/lookup`: by e-mail and the phone's last four digits, or by the e-badge's QR token. */
export async function lookupBadge(device: KioskDevice, query: KioskLookup | { token: string }): Promise<KioskBadge> {
  const { data } = await kioskCall(device, postKioskLookup, { body: query });
  return data;
}

/** `POST kiosk/session/end`: a controller or organiser leaves kiosk mode on this device. */
export async function endKiosk(device: KioskDevice, form: LoginForm): Promise<void> {
  await kioskCall(device, postKioskSessionEnd, { body: form });
  clearKioskDevice('left');
}

/** The last four digits of a phone number as typed (spaces, dots and '+' ignored). */
export const lastFourDigits = (phone: string) => phone.replace(/\D/g, '').slice(-4);

/** Message key for a staff credentials form (enable, leave): as the main sign-in says it. */
export function staffErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return 'login.failed';
  if (error instanceof ApiError && error.status === 429) return 'errors.tooManyAttempts';
  if (error instanceof ApiError && error.status === 0) return 'errors.network';
  return 'errors.generic';
}

/** Message key for a failed lookup; `notFound` also offers registration. */
export function lookupErrorKey(error: unknown): string {
  const reason = error instanceof ApiError ? error.body?.error?.details?.reason : undefined;
  // A badge of another edition; the registration closed (the kiosk prints while it is open).
  if (reason === 'otherEdition') return 'kiosk.start.otherEdition';
  if (reason === 'registrationClosed' || reason === 'registrationNotOpen') return 'kiosk.start.closed';
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'kiosk.start.notFound';
  // Too many wrong digits for this address: only the staff can look it up for a while.
  if (error instanceof ApiError && error.body?.error?.details?.reason === 'seeStaff') return 'kiosk.start.seeStaff';
  if (error instanceof ApiError && error.status === 429) return 'errors.tooManyAttempts';
  if (error instanceof ApiError && error.status === 0) return 'errors.network';
  return 'errors.generic';
}
