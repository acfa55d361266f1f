import DoorFrontIcon from '@mui/icons-material/DoorFront';
import HistoryIcon from '@mui/icons-material/History';
import TabletAndroidIcon from '@mui/icons-material/TabletAndroid';
import { Resource } from 'react-admin';
import { AuditList } from './audit-log';
import { CheckinList } from './checkins';
import { KioskList } from './kiosks';

export { devicesMessages } from './messages';

/**
 * The devices at the show: the gates' check-ins (with the double admissions of two gates that
 * were offline), the self-service kiosks (revoke), and the audit log of organisers' actions.
 */
export const devicesResources = (
  <>
    <Resource name="checkins" icon={DoorFrontIcon} list={CheckinList} />
    <Resource name="kiosk-sessions" icon={TabletAndroidIcon} list={KioskList} />
    <Resource name="audit-log" icon={HistoryIcon} list={AuditList} />
  </>
);
