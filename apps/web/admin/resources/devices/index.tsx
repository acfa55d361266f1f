import DoorFrontIcon from '@mui/icons-material/DoorFront';
import TabletAndroidIcon from '@mui/icons-material/TabletAndroid';
import { Resource } from 'react-admin';
import { CheckinList } from './checkins';
import { KioskList } from './kiosks';

/**
 * The devices at the show: the gates' check-ins (with the double admissions of two gates that
 * were offline) and the self-service kiosks (revoke).
 */
export const devicesResources = (
  <>
    <Resource name="checkins" icon={DoorFrontIcon} list={CheckinList} />
    <Resource name="kiosk-sessions" icon={TabletAndroidIcon} list={KioskList} />
  </>
);
