import { useEffect } from 'react';
import { KioskPage } from '../features/kiosk/components/kiosk-screen';
import { registerOfflinePages } from '../lib/offline';
import { screenMeta } from '../lib/screen-titles';
import type { Route } from './+types/borne';
import '../features/kiosk/kiosk.css';
import '../features/registration/registration.css';

export const meta: Route.MetaFunction = ({ matches }) => screenMeta(matches, 'borne');

/**
 * The self-service kiosk at the entrance: enabled on this device by a controller or organiser,
 * then visitors find (or register) and print their badge. Everything lives in this browser's
 * storage, so the page is drawn on the client.
 */
export default function Borne() {
  // A kiosk restarted during a network outage still opens.
  useEffect(() => registerOfflinePages(), []);
  return <KioskPage />;
}
