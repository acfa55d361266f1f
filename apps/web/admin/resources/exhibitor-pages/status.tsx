import { EXHIBITOR_PAGE_STATUSES } from '@salon/shared';
import { choicesOf } from '../../components/filters';
import { StateChip } from '../../components/state-chip';

/** Where a page stands with the organiser, as a chip and as the choices of the status filter. */
const COLOURS = { live: 'success', pending: 'warning', held: 'error' } as const;

export const PageStatusChip = (props: { label?: string }) => (
  <StateChip source="status" colours={COLOURS} messages="admin.exhibitorPages.status" {...props} />
);

export const pageStatusChoices = choicesOf(EXHIBITOR_PAGE_STATUSES, 'admin.exhibitorPages.status');
