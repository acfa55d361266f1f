import { redirect } from 'react-router';
import type { Route } from './+types/redirect-home';

/** 'accueil' and any unknown path go home, keeping an explicit language choice. */
export function loader({ request }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get('lang');
  return redirect(lang ? `/?lang=${encodeURIComponent(lang)}` : '/');
}

export default function RedirectHome() {
  return null;
}
