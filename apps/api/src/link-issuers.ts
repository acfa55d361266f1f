import type { LinkIssuers } from './domains/mail/worker';
import { issueSetPasswordLink } from './domains/auth/access.service';
import { issueInvitationLink } from './domains/exhibitor-area/collaborator-invitations.service';
import { issueEmailChangeLink } from './domains/exhibitor-area/email-change.service';
import { issueParticipationLink } from './domains/editions/participation.service';

/**
 * The mailed links, each issued at send time by the domain that queued its mail: the mail worker
 * is given them (server.ts), as it is given the attachments' makers, and imports no domain.
 */
export const linkIssuers: LinkIssuers = {
  setPassword: (db, row, userId) => issueSetPasswordLink(db, userId, row),
  invitation: (db, _row, id) => issueInvitationLink(db, id),
  emailChange: (db, _row, id) => issueEmailChangeLink(db, id),
  participation: (db, _row, id) => issueParticipationLink(db, id),
};
