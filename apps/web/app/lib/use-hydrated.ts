import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the server-rendered HTML and until React has taken over the page. Forms keep their
 * submit button disabled until then: a native submit would put what was typed in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
