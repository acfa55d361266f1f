import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { collaboratorInvitations, contactColumns, editions, registrations, users } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { accountMayMail, mayMail } from '../mail/recipient-caps';
import { currentEdition } from '../show/current-edition';
import { invitePerson } from './collaborator-invitations.service';
import { exhibitorCompany, hasCollaboratorBadgeAt } from './collaborators.service';
import { type MailLinks } from '../mail/links';

/**
 * 'Reprendre mes collaborateurs de 2024': a returning exhibitor's team of the last edition it
 * exhibited at, invited again to the current one. Each is an invitation as decision 014 has it
 * (the person accepts from the mailed link; nothing of theirs changes until then), within the
 * same daily caps as 'Ajouter un collaborateur'.
 */

/** Key of the transaction-level advisory lock taken per exhibitor. */
const FORMER_TEAM_LOCK = 0x7465616d; // 'team'

/**
 * The latest edition, other than the current one, at which the exhibitor had a team: the one its
 * collaborators are taken from (an edition it exhibited at alone is passed over). The outer
 * edition is written "events"."id": drizzle leaves a one-table query's columns bare.
 */
async function lastEdition(db: Db | Tx, exhibitorId: number) {
  const [row] = await db
    .select({ id: editions.id, year: editions.year })
    .from(editions)
    .where(
      and(
        eq(editions.current, false),
        sql`exists (select 1 from ${registrations} r join ${users} u on u.id = r.user_id
          where r.event_id = "events"."id" and r.type = 'collaborator' and r.conference_id is null
            and u.type = 'collaborator' and u.exhibitor_id = ${exhibitorId})`,
      ),
    )
    .orderBy(desc(editions.year))
    .limit(1);
  return row ?? null;
}

/**
 * The exhibitor's live collaborators of that edition who are neither in this edition's team nor
 * invited to it (an open invitation).
 */
function formerMembers(db: Db | Tx, exhibitorId: number, editionId: number, now: Date) {
  return db
    .select({ ...contactColumns, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.exhibitorId, exhibitorId),
        eq(users.type, 'collaborator'),
        isNull(users.deletedAt),
        isNull(users.anonymisedAt),
        eq(users.blocked, false),
        hasCollaboratorBadgeAt(editionId),
        sql`not ${hasCollaboratorBadgeAt(currentEdition)}`,
        sql`not exists (select 1 from ${collaboratorInvitations} i where i.exhibitor_id = ${exhibitorId}
          and i.user_id = ${users.id} and i.accepted_at is null and i.ended_at is null and i.expires_at > ${now})`,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** What the 'Collaborateurs' tab offers to take along: the edition's year and who (nobody: no button). */
export async function formerTeam(db: Db, exhibitorId: number, now: Date) {
  const edition = await lastEdition(db, exhibitorId);
  if (!edition) return { year: null, collaborators: [] };
  const members = await formerMembers(db, exhibitorId, edition.id, now);
  return {
    year: edition.year,
    collaborators: members.map(({ id, name, jobPosition }) => ({ id, name, jobPosition })),
  };
}

/**
 * Invites each of them again. Those over a daily cap (their address's teamMail, or the
 * exhibitor's newTeamMember) are left for another day and counted, the others invited.
 */
export async function inviteFormerTeam(db: Db, ctx: MailLinks, caller: Caller) {
  return db.transaction(async (tx) => {
    // Two clicks at once: the second reads the team after the first has invited it.
    await tx.execute(sql`select pg_advisory_xact_lock(${FORMER_TEAM_LOCK}, ${caller.id})`);
    const exhibitor = await exhibitorCompany(tx, caller.id);
    const edition = await lastEdition(tx, exhibitor.id);
    if (!edition) return { invited: 0, postponed: 0 };
    let invited = 0;
    let postponed = 0;
    for (const member of await formerMembers(tx, exhibitor.id, edition.id, ctx.now())) {
      if (
        !(await mayMail(tx, member.email, 'teamMail')) ||
        !(await accountMayMail(tx, exhibitor.id, 'newTeamMember'))
      ) {
        postponed += 1;
        continue;
      }
      await invitePerson(tx, ctx, exhibitor, member, {
        name: member.name,
        email: member.email,
        phone: member.phone ?? '',
        jobPosition: member.jobPosition ?? '',
      });
      invited += 1;
    }
    return { invited, postponed };
  });
}
