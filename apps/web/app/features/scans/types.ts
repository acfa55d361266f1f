import type { ScanRefusal, ScanType } from '@salon/shared';

/** A stored scan as the API returns it (`GET scans`, `POST scans`). */
export interface ScanView {
  /** The uuid made by the device that read the badge. */
  id: string;
  typeScanned: ScanType;
  /** When the badge was read. */
  createdAt: string;
  note: string | null;
  rating: number | null;
  person: {
    name: string | null;
    email: string | null;
    phone: string | null;
    company: string | null;
    jobPosition: string | null;
  };
  scanner: { id: number; name: string };
  /** The person was erased under the personal-data law: the scan stays as a count, naming nobody. */
  erased: boolean;
}

/** The server's answer for one submitted scan, in the order they were sent. */
export type ScanResult =
  | { id: string; status: 'recorded'; scan: ScanView }
  | { id: string; status: 'alreadyScanned'; scan: ScanView }
  | { id: string; status: 'refused'; reason: ScanRefusal };
