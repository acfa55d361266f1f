import type { AuthProvider } from 'react-admin';
import { postLogout, postOrganiserLogin } from '@salon/shared';
import {
  adminCall,
  clearOrganiserSession,
  getOrganiserSession,
  saveOrganiserSession,
  type OrganiserSession,
} from './http';

/**
 * Organisers sign in with `POST auth/organiser`, which refuses everyone else with the same
 * answer as a wrong password. Any 401 (expired or revoked session) signs out; a 403 too, since
 * it means this account is no longer an organiser's.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    saveOrganiserSession(
      (await adminCall(postOrganiserLogin, { body: { identifier: email, password } })) as OrganiserSession,
    );
  },
  async logout() {
    if (getOrganiserSession()) {
      // Ends the token on the server too; signing out works offline all the same.
      await adminCall(postLogout, {}).catch(() => undefined);
    }
    clearOrganiserSession();
  },
  async checkAuth() {
    // Opening /admin signed out simply shows the sign-in, with no alert.
    if (!getOrganiserSession()) throw { message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401 || error?.status === 403) {
      clearOrganiserSession();
      throw new Error('admin.auth.expired');
    }
  },
  async getIdentity() {
    const session = getOrganiserSession();
    if (!session) throw new Error('admin.auth.required');
    return { id: session.user.id, fullName: session.user.name };
  },
};
