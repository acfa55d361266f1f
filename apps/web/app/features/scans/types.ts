import type { Answer, scanResultsSchema, scanViewSchema } from '@salon/shared';

/** A scan as the screens show it (`POST scans` answers it; `GET scans` adds the specification's `users`). */
export type ScanView = Answer<typeof scanViewSchema>;

/** The server's answer for one submitted scan, in the order they were sent (`POST scans`). */
export type ScanResult = Answer<typeof scanResultsSchema>['data'][number];
