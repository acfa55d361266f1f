import HistoryIcon from '@mui/icons-material/History';
import { Resource } from 'react-admin';
import { AuditList } from './audit-list';

/** The audit log: who did what in the back-office, before and after. */
export const auditLogResources = <Resource name="audit-log" icon={HistoryIcon} list={AuditList} />;
