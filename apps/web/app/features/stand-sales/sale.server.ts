import { getEnquiryPrefill, getStandOffer, getStandPriority } from '@salon/shared';
import { LoaderApiError, loaderCall } from '../../lib/server-api';
import type { StandOffer } from './api';

/**
 * The current edition's offer, or null while its sale is not open (the page says how to enquire
 * instead); with a returning exhibitor's link (`?priorite=`), its stand kept for it shows free.
 */
export async function loadStandOffer(context: unknown, priorite: string | null = null): Promise<StandOffer | null> {
  try {
    return (await loaderCall(context, getStandOffer, { query: priorite ? { priorite } : {} })).data;
  } catch (err) {
    if (err instanceof LoaderApiError && err.status === 404) return null;
    console.error(err instanceof LoaderApiError ? err.message : err);
    return null;
  }
}

/** What a mailed link reads, or null for no link, a wrong or an old one. */
async function linkPrefill<T>(token: string | null, read: (token: string) => Promise<T>): Promise<T | null> {
  if (!token) return null;
  try {
    return await read(token);
  } catch {
    return null;
  }
}

/** What the enquiry said, from the link its follow-up mailed (`?demande=`). */
export const loadEnquiryPrefill = (context: unknown, token: string | null) =>
  linkPrefill(token, async (t) => (await loaderCall(context, getEnquiryPrefill, { query: { token: t } })).data);

/** What a returning exhibitor's link keeps for it and fills the form with (`?priorite=`). */
export const loadPriorityPrefill = (context: unknown, token: string | null) =>
  linkPrefill(token, async (t) => (await loaderCall(context, getStandPriority, { query: { token: t } })).data);
