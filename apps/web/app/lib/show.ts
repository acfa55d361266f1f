import { useRouteLoaderData } from 'react-router';
import type { EditionFacts } from '@salon/shared';

/** The current edition, as the server gave it to the page (root.tsx's loader). */
export function useShow(): EditionFacts | null {
  return useRouteLoaderData<{ show?: EditionFacts | null }>('root')?.show ?? null;
}

/** The current edition's year: its plan and programme are at /plan-<year> and /programme-<year>. */
export const useShowYear = (): number | null => useShow()?.year ?? null;
