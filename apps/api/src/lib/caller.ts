import type { UserType } from '@salon/shared';

/**
 * Who is calling, as the routes hand it to the services: the signed-in account's id, type,
 * exhibitor (a collaborator's; null for the others) and sign-in address. Nothing more travels:
 * the password hash, the session version and the profile stay with `auth/` and are read where
 * they are needed (plugins/auth.ts builds it on every signed-in request).
 */
export interface Caller {
  id: number;
  type: UserType;
  exhibitorId: number | null;
  email: string;
}
