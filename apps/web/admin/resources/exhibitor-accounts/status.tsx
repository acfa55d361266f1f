import { ENQUIRY_STATUSES, EXHIBITOR_STATUSES } from '@salon/shared';
import { choicesOf } from '../../components/filters';
import { StateChip } from '../../components/state-chip';

/** An enquiry's state and an exhibitor's, as chips and as the choices of the status filters. */
const STATUS_COLOURS = {
  nouveau: 'info',
  contacte: 'warning',
  converti: 'success',
  refuse: 'default',
  pending: 'warning',
  confirmed: 'success',
  deactivated: 'default',
} as const;

export const StatusChip = (props: { label?: string }) => (
  <StateChip source="status" colours={STATUS_COLOURS} messages="admin.exhibitors.status" {...props} />
);

export const enquiryStatusChoices = choicesOf(ENQUIRY_STATUSES, 'admin.exhibitors.status');
export const exhibitorStatusChoices = choicesOf(EXHIBITOR_STATUSES, 'admin.exhibitors.status');
