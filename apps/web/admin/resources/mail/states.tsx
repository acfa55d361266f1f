import type { ChipProps } from '@mui/material';
import { MAIL_STATUSES, NEWSLETTER_STATES } from '@salon/shared';
import { choicesOf } from '../../components/filters';
import { StateChip } from '../../components/state-chip';

/** A mail's state in the outbox and a subscriber's, as chips and as the choices of the list filters. */
type MailStatus = (typeof MAIL_STATUSES)[number];
type NewsletterState = (typeof NEWSLETTER_STATES)[number];

const MAIL_COLOURS: Record<MailStatus, ChipProps['color']> = {
  pending: 'info',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
};
const STATE_COLOURS: Record<NewsletterState, ChipProps['color']> = {
  waiting: 'warning',
  confirmed: 'success',
  unsubscribed: 'default',
};

export const MailStatusChip = (props: { label?: string }) => (
  <StateChip source="status" colours={MAIL_COLOURS} messages="admin.mail.status" {...props} />
);
export const NewsletterStateChip = (props: { label?: string }) => (
  <StateChip source="state" colours={STATE_COLOURS} messages="admin.mail.state" {...props} />
);

export const mailStatusChoices = choicesOf(MAIL_STATUSES, 'admin.mail.status');
export const stateChoices = choicesOf(NEWSLETTER_STATES, 'admin.mail.state');
