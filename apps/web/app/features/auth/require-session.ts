import { redirect } from 'react-router';
import { paths } from '../../config/paths';
import { getSession } from '../../lib/session';

/**
 * The client loader of a signed-in page. The session lives in the browser (localStorage
 * 'auth'), so the guard runs there: without one, to login, then back to this page.
 */
export function requireSession({ request }: { request: Request }) {
  if (!getSession()) {
    const url = new URL(request.url);
    throw redirect(`${paths.login}?returnUrl=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}
