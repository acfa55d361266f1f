import { useState } from 'react';
import { useNotify } from 'react-admin';

/** What a failed call says: the server's message (a message key or its text), else the generic one. */
export const adminErrorMessage = (error: unknown) => (error as Error).message || 'admin.errors.generic';

/**
 * A call behind a button (an action of the admin API, a download): `busy` while it runs, its
 * failure notified; `settled` runs after it either way (to close a dialog, to clear a file input).
 */
export function useAdminCall() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function call(work: () => Promise<unknown>, settled?: () => void) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(adminErrorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      settled?.();
    }
  }
  return { busy, call };
}
