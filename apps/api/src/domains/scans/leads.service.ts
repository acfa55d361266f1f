import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LeadAnswerInput, LeadQuestionsForm } from '@salon/shared';
import type { Db, Tx } from '../../db/client';
import { leadAnswers, leadQuestions, scans } from '../../db/schema';
import type { Caller } from '../../lib/caller';
import { badRequest } from '../../lib/errors';

/**
 * A lead's qualification: the exhibitor's questions, the answers each scan gets to
 * them and its tags. An answer is written with the question's label and kind and the chosen
 * choices' labels of the moment, so it reads the same after the question changed or went.
 */

type Writer = Db | Tx;

export type LeadQuestionRow = typeof leadQuestions.$inferSelect;

/** A refusal of fields: 'Données invalides.' with each field's path and message key, nothing saved. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}
export const invalidFields = (issues: FieldIssue[]) =>
  badRequest('Données invalides.', { errors: issues.map((i) => ({ path: i.path.map(String), message: i.message })) });

const questionView = (q: LeadQuestionRow) => ({ id: q.id, kind: q.kind, label: q.label, choices: q.choices });

/** The exhibitor's questions, in its order (those it deleted aside). */
export async function readQuestions(db: Writer, exhibitorId: number) {
  const rows = await db
    .select()
    .from(leadQuestions)
    .where(and(eq(leadQuestions.exhibitorId, exhibitorId), isNull(leadQuestions.deletedAt)))
    .orderBy(asc(leadQuestions.position), asc(leadQuestions.id));
  return rows.map(questionView);
}

/**
 * Saves the exhibitor's whole list in its order: a question with an `id` is kept (changed), one
 * without is added, one left out is deleted (its row stays for the answers it has). An `id` that
 * is not one of the exhibitor's questions refuses the list, and nothing is saved.
 */
export async function saveQuestions(db: Db, exhibitor: Caller, form: LeadQuestionsForm) {
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: leadQuestions.id })
      .from(leadQuestions)
      .where(and(eq(leadQuestions.exhibitorId, exhibitor.id), isNull(leadQuestions.deletedAt)))
      .for('update');
    const mine = new Set(current.map((q) => q.id));
    const issues: FieldIssue[] = [];
    const named = new Set<number>();
    form.questions.forEach((q, i) => {
      if (q.id === undefined) return;
      if (!mine.has(q.id) || named.has(q.id))
        issues.push({ path: ['body', 'questions', i, 'id'], message: 'notYourQuestion' });
      named.add(q.id);
    });
    if (issues.length) throw invalidFields(issues);
    const now = new Date();
    const gone = [...mine].filter((id) => !named.has(id));
    if (gone.length) {
      await tx.update(leadQuestions).set({ deletedAt: now }).where(inArray(leadQuestions.id, gone));
    }
    for (const [position, q] of form.questions.entries()) {
      const values = { position, kind: q.kind, label: q.label, choices: q.kind === 'text' ? [] : q.choices };
      if (q.id === undefined) await tx.insert(leadQuestions).values({ exhibitorId: exhibitor.id, ...values });
      else await tx.update(leadQuestions).set(values).where(eq(leadQuestions.id, q.id));
    }
    return readQuestions(tx, exhibitor.id);
  });
}

/** An answer checked against its question, ready to be written (`empty`: the answer is taken away). */
export interface ResolvedAnswer {
  questionId: number;
  label: string;
  kind: LeadQuestionRow['kind'];
  choices: string[];
  text: string | null;
  empty: boolean;
}

/**
 * Checks answers against the exhibitor's questions (a deleted one still takes answers a device
 * kept offline) and gives them with the labels of the moment; the issues name the fields under
 * `path`. A question of another exhibitor, a choice the question does not offer, two choices for
 * a single-choice question or choices for a text question are refused.
 */
export async function resolveAnswers(
  db: Writer,
  exhibitorId: number,
  answers: readonly LeadAnswerInput[],
  path: (string | number)[],
): Promise<{ resolved: ResolvedAnswer[]; issues: FieldIssue[] }> {
  const ids = [...new Set(answers.map((a) => a.question))];
  const questions = ids.length
    ? await db
        .select()
        .from(leadQuestions)
        .where(and(inArray(leadQuestions.id, ids), eq(leadQuestions.exhibitorId, exhibitorId)))
    : [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const issues: FieldIssue[] = [];
  const resolved: ResolvedAnswer[] = [];
  const seen = new Set<number>();
  answers.forEach((a, i) => {
    const at = [...path, i];
    const q = byId.get(a.question);
    if (!q) return issues.push({ path: [...at, 'question'], message: 'notYourQuestion' });
    if (seen.has(q.id)) return issues.push({ path: [...at, 'question'], message: 'duplicateAnswer' });
    seen.add(q.id);
    const choices = [...new Set(a.choices ?? [])];
    const text = a.text ? a.text : null;
    if (q.kind === 'text') {
      if (choices.length) return issues.push({ path: [...at, 'choices'], message: 'noChoicesForText' });
    } else {
      if (text !== null) return issues.push({ path: [...at, 'text'], message: 'choiceExpected' });
      if (q.kind === 'single' && choices.length > 1)
        return issues.push({ path: [...at, 'choices'], message: 'oneChoice' });
      const unknown = choices.findIndex((c) => !q.choices.includes(c));
      if (unknown >= 0) return issues.push({ path: [...at, 'choices', unknown], message: 'unknownChoice' });
    }
    // The choices in the question's order, whatever order they were ticked in.
    const ordered = q.choices.filter((c) => choices.includes(c));
    resolved.push({
      questionId: q.id,
      label: q.label,
      kind: q.kind,
      choices: ordered,
      text,
      empty: ordered.length === 0 && text === null,
    });
  });
  return { resolved, issues };
}

/** Writes a scan's answers: each replaces the answer to its question; an empty one removes it. */
export async function writeAnswers(db: Writer, scanId: number, answers: readonly ResolvedAnswer[], now: Date) {
  for (const a of answers) {
    const mine = and(eq(leadAnswers.scanId, scanId), eq(leadAnswers.questionId, a.questionId));
    if (a.empty) {
      await db.delete(leadAnswers).where(mine);
      continue;
    }
    const values = { label: a.label, kind: a.kind, choices: a.choices, text: a.text, answeredAt: now };
    await db
      .insert(leadAnswers)
      .values({ scanId, questionId: a.questionId, ...values })
      .onConflictDoUpdate({ target: [leadAnswers.scanId, leadAnswers.questionId], set: values });
  }
}

/** Tags as kept: trimmed (by the schema), the same tag once whatever its case, in the order typed. */
export function normalTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLocaleLowerCase('fr');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A scan's answers as the screens show them, in the questions' order (answers to deleted
 * questions last, in the order given), as a JSON array written by the database. `scanId` is the
 * outer query's scan id (literal SQL: a correlated subquery).
 */
export const answersJson = (scanId: SQL) => sql`coalesce((
  select json_agg(json_build_object('question', a.question_id, 'label', a.label, 'kind', a.kind,
    'choices', to_json(a.choices), 'text', a.text)
    order by case when q.deleted_at is null then q.position else 32767 end, a.id)
  from lead_answers a join lead_questions q on q.id = a.question_id
  where a.scan_id = ${scanId}), '[]'::json)`;

/**
 * The questions a table's leads answered, as the export's columns after the specification's: one
 * per label the answers were given under (a question rewritten with the same words is the same
 * column; one renamed is a new one), in the exhibitor's order, deleted questions last.
 */
export async function answeredLabels(db: Db, scope: SQL | null): Promise<string[]> {
  if (!scope) return [];
  const rows = await db
    .select({
      label: leadAnswers.label,
      order:
        sql<number>`min(case when ${leadQuestions.deletedAt} is null then ${leadQuestions.position} else 32767 end)`.mapWith(
          Number,
        ),
      first: sql<number>`min(${leadQuestions.id})`.mapWith(Number),
    })
    .from(leadAnswers)
    .innerJoin(scans, eq(scans.id, leadAnswers.scanId))
    .innerJoin(leadQuestions, eq(leadQuestions.id, leadAnswers.questionId))
    .where(scope)
    .groupBy(leadAnswers.label);
  return rows.sort((a, b) => a.order - b.order || a.first - b.first).map((r) => r.label);
}
