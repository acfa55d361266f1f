import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leadAnswers, leadQuestions, scans } from '../../db/schema';
import { createVisitor } from '../../../test/fixtures';
import { call, withoutRequestId } from '../../../test/helper';
import {
  badgeOf,
  collaborator,
  collaboratorToken,
  ctx,
  exhibitor,
  other,
  otherToken,
  scan,
  send,
  SHOW_MORNING,
  token,
  useScansScene,
} from './scans.test-support';

/**
 * A lead's qualification and follow-up: the exhibitor's questions, their answers sent
 * with the scan or completed later, tags, the follow-up status and the filters of 'Mes scans'.
 */

useScansScene();

interface Question {
  id: number;
  kind: 'single' | 'multiple' | 'text';
  label: string;
  choices: string[];
}
interface Lead {
  id: string;
  note: string | null;
  rating: number | null;
  answers: { question: number; label: string; kind: string; choices: string[]; text: string | null }[];
  tags: string[];
  followUp: string | null;
  scanner: { id: number; name: string };
  person: { name: string | null };
}

const invalid = (errors: { path: (string | number)[]; message: string }[]) => ({
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'Données invalides.',
    details: { errors: errors.map((e) => ({ path: e.path.map(String), message: e.message })) },
  },
});

const putQuestions = (questions: unknown[], as = token) =>
  call(ctx.app, 'PUT', 'lead-questions', { token: as, body: { questions } });
const readQuestions = async (as = token) => {
  const res = await call(ctx.app, 'GET', 'lead-questions', { token: as });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Question[] }>().data;
};
const patchLead = (id: string, body: unknown, as = token) => call(ctx.app, 'PUT', `scans/${id}`, { token: as, body });
async function listed(query: string, as = token) {
  const res = await call(ctx.app, 'GET', `scans?${query}`, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Lead[]; meta: { pagination: { total: number } } }>();
}
const collaboratorsTable = () => `filters[scanner][exhibitor][id][$eq]=${exhibitor.user.id}`;

/** The exhibitor's three questions: a single choice (French), a multiple choice (English) and a text. */
async function threeQuestions() {
  const res = await putQuestions([
    { kind: 'single', label: 'Budget du projet', choices: ['< 1 M MAD', '1–5 M MAD', '> 5 M MAD'] },
    { kind: 'multiple', label: 'Products of interest', choices: ['Cranes', 'Concrete', 'Scaffolding'] },
    { kind: 'text', label: 'Date du chantier' },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Question[] }>().data;
}

describe('the exhibitor’s questions', () => {
  it('an exhibitor writes up to five questions in its order, and its collaborator reads the same list', async () => {
    const saved = await threeQuestions();
    expect(saved).toEqual([
      {
        id: expect.any(Number) as unknown,
        kind: 'single',
        label: 'Budget du projet',
        choices: ['< 1 M MAD', '1–5 M MAD', '> 5 M MAD'],
      },
      {
        id: expect.any(Number) as unknown,
        kind: 'multiple',
        label: 'Products of interest',
        choices: ['Cranes', 'Concrete', 'Scaffolding'],
      },
      { id: expect.any(Number) as unknown, kind: 'text', label: 'Date du chantier', choices: [] },
    ]);
    expect(await readQuestions(collaboratorToken)).toEqual(saved);
    expect(await readQuestions(otherToken)).toEqual([]);
  });

  it('an exhibitor reorders, changes and deletes its questions by sending the whole list again', async () => {
    const [budget, products, date] = await threeQuestions();
    const res = await putQuestions([
      { ...date!, label: 'Début du chantier' },
      { id: budget!.id, kind: 'single', label: 'Budget', choices: budget!.choices },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: date!.id, kind: 'text', label: 'Début du chantier', choices: [] },
        { id: budget!.id, kind: 'single', label: 'Budget', choices: budget!.choices },
      ],
      meta: {},
    });
    // The deleted question keeps its row, for the answers it has.
    const [kept] = await ctx.db.select().from(leadQuestions).where(eq(leadQuestions.id, products!.id));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
  });

  it('a collaborator cannot change the questions: a 403 saying who may, and nothing saved', async () => {
    const before = await threeQuestions();
    const res = await putQuestions([{ kind: 'text', label: 'Question du collaborateur' }], collaboratorToken);
    expect(res.statusCode).toBe(403);
    expect(withoutRequestId(res)).toEqual({
      error: { status: 403, name: 'ForbiddenError', message: 'Réservé aux exposants.', details: {} },
    });
    expect(await readQuestions()).toEqual(before);
  });

  it('refuses a list over the limits with each message under its field, and saves nothing', async () => {
    const before = await threeQuestions();
    const six = Array.from({ length: 6 }, (_, i) => ({ kind: 'text', label: `Question ${i + 1}` }));
    const cases: [unknown[], { path: (string | number)[]; message: string }[]][] = [
      [six, [{ path: ['body', 'questions'], message: 'tooMany' }]],
      [
        [{ kind: 'single', label: 'Sans choix' }],
        [{ path: ['body', 'questions', 0, 'choices'], message: 'choicesRequired' }],
      ],
      [
        [{ kind: 'multiple', label: 'Trop de choix', choices: Array.from({ length: 11 }, (_, i) => `Choix ${i}`) }],
        [{ path: ['body', 'questions', 0, 'choices'], message: 'tooMany' }],
      ],
      [[{ kind: 'text', label: 'x'.repeat(201) }], [{ path: ['body', 'questions', 0, 'label'], message: 'tooLong' }]],
      [
        [{ kind: 'single', label: 'Choix trop long', choices: ['Oui', 'y'.repeat(201)] }],
        [{ path: ['body', 'questions', 0, 'choices', 1], message: 'tooLong' }],
      ],
      [
        [{ kind: 'rating', label: 'Genre inconnu' }],
        [{ path: ['body', 'questions', 0, 'kind'], message: 'unknownKind' }],
      ],
    ];
    for (const [questions, errors] of cases) {
      const res = await putQuestions(questions);
      expect(res.statusCode).toBe(400);
      expect(withoutRequestId(res)).toEqual(invalid(errors));
    }
    expect(await readQuestions()).toEqual(before);
  });

  it('refuses to keep a question of another exhibitor’s, and saves nothing', async () => {
    const before = await threeQuestions();
    const theirs = await putQuestions([{ kind: 'text', label: 'Leur question' }], otherToken);
    const [their] = theirs.json<{ data: Question[] }>().data;
    const res = await putQuestions([{ id: their!.id, kind: 'text', label: 'Prise' }]);
    expect(withoutRequestId(res)).toEqual(
      invalid([{ path: ['body', 'questions', 0, 'id'], message: 'notYourQuestion' }]),
    );
    expect(await readQuestions()).toEqual(before);
    expect(await readQuestions(otherToken)).toEqual([{ ...their, label: 'Leur question' }]);
  });
});

describe('answers, tags and follow-up', () => {
  it('records the answers and tags sent with a scan, each answer with its question’s label and kind', async () => {
    const [budget, products, date] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), {
      note: 'Rappeler lundi',
      rating: 5,
      tags: ['Grues', ' VIP ', 'grues'],
      answers: [
        { question: products!.id, choices: ['Scaffolding', 'Cranes'] },
        { question: budget!.id, choices: ['1–5 M MAD'] },
        { question: date!.id, text: 'Septembre' },
      ],
    });
    const { res, results } = await send([item], collaboratorToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(results[0]).toEqual({
      id: item.id,
      status: 'recorded',
      scan: {
        id: item.id,
        typeScanned: 'visitor',
        createdAt: new Date(SHOW_MORNING).toISOString(),
        note: 'Rappeler lundi',
        rating: 5,
        answers: [
          { question: budget!.id, label: 'Budget du projet', kind: 'single', choices: ['1–5 M MAD'], text: null },
          {
            question: products!.id,
            label: 'Products of interest',
            kind: 'multiple',
            choices: ['Cranes', 'Scaffolding'],
            text: null,
          },
          { question: date!.id, label: 'Date du chantier', kind: 'text', choices: [], text: 'Septembre' },
        ],
        tags: ['Grues', 'VIP'],
        followUp: null,
        doNotContact: false,
        person: {
          name: visitor.user.name,
          email: visitor.user.email,
          phone: visitor.user.phone,
          company: visitor.user.company,
          jobPosition: visitor.user.jobPosition,
        },
        scanner: { id: collaborator.user.id, name: 'Karim Collaborateur' },
        erased: false,
      },
    });
    // Sent again (the answer lost on the way), the same scan stays answered once.
    await send([item], collaboratorToken);
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(await ctx.db.select().from(leadAnswers).where(eq(leadAnswers.scanId, stored!.id))).toHaveLength(3);
  });

  it('keeps an answer readable as it was given after its question is changed or deleted', async () => {
    const [budget, products] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), {
      answers: [
        { question: budget!.id, choices: ['> 5 M MAD'] },
        { question: products!.id, choices: ['Concrete'] },
      ],
    });
    await send([item]);
    await putQuestions([{ id: budget!.id, kind: 'single', label: 'Enveloppe', choices: ['Petite', 'Grande'] }]);
    const lead = (await listed(`filters[scanner][id][$eq]=${exhibitor.user.id}`)).data.find((s) => s.id === item.id);
    expect(lead?.answers).toEqual([
      { question: budget!.id, label: 'Budget du projet', kind: 'single', choices: ['> 5 M MAD'], text: null },
      { question: products!.id, label: 'Products of interest', kind: 'multiple', choices: ['Concrete'], text: null },
    ]);
  });

  it('refuses a batch with an answer to another exhibitor’s question, and records none of its scans', async () => {
    await threeQuestions();
    const theirs = await putQuestions([{ kind: 'text', label: 'Leur question' }], otherToken);
    const [their] = theirs.json<{ data: Question[] }>().data;
    const visitor = await createVisitor(ctx.db);
    const fine = scan(badgeOf(visitor.registration));
    const stolen = scan(badgeOf((await createVisitor(ctx.db)).registration), {
      answers: [{ question: their!.id, text: 'Réponse' }],
    });
    const { res } = await send([fine, stolen]);
    expect(res.statusCode).toBe(400);
    expect(withoutRequestId(res)).toEqual(
      invalid([{ path: ['body', 'scans', 1, 'answers', 0, 'question'], message: 'notYourQuestion' }]),
    );
    const stored = await ctx.db.select().from(scans).where(eq(scans.scannedId, visitor.user.id));
    expect(stored).toEqual([]);
  });

  it('refuses a tag of 200 characters, an eleventh tag and a choice the question does not offer, nothing saved', async () => {
    const [budget] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), { note: 'Avant', tags: ['Avant'] });
    await send([item]);
    const cases: [unknown, { path: (string | number)[]; message: string }[]][] = [
      [{ tags: ['t'.repeat(200)] }, [{ path: ['body', 'tags', 0], message: 'tooLong' }]],
      [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, [{ path: ['body', 'tags'], message: 'tooMany' }]],
      [
        { note: 'Après', answers: [{ question: budget!.id, choices: ['Gratuit'] }] },
        [{ path: ['body', 'answers', 0, 'choices', 0], message: 'unknownChoice' }],
      ],
      [
        { answers: [{ question: budget!.id, choices: ['< 1 M MAD', '> 5 M MAD'] }] },
        [{ path: ['body', 'answers', 0, 'choices'], message: 'oneChoice' }],
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await patchLead(item.id, body);
      expect(res.statusCode).toBe(400);
      expect(withoutRequestId(res)).toEqual(invalid(errors));
    }
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(stored).toMatchObject({ note: 'Avant', tags: ['Avant'] });
    expect(await ctx.db.select().from(leadAnswers).where(eq(leadAnswers.scanId, stored!.id))).toEqual([]);
  });

  it('refuses a follow-up status that does not exist, and keeps the one set', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration));
    await send([item]);
    expect((await patchLead(item.id, { followUp: 'contacted' })).statusCode).toBe(200);
    const res = await patchLead(item.id, { followUp: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(withoutRequestId(res)).toEqual(invalid([{ path: ['body', 'followUp'], message: 'unknownFollowUp' }]));
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(stored?.followUp).toBe('contacted');
  });

  it('an exhibitor completes its collaborator’s lead later and sets its follow-up; the collaborator sets it too', async () => {
    const [budget, , date] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), { answers: [{ question: budget!.id, choices: ['< 1 M MAD'] }] });
    await send([item], collaboratorToken);
    const res = await patchLead(item.id, {
      followUp: 'to_contact',
      tags: ['Salon 2025'],
      answers: [
        { question: date!.id, text: 'Printemps' },
        { question: budget!.id, choices: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Lead }>().data).toMatchObject({
      id: item.id,
      followUp: 'to_contact',
      tags: ['Salon 2025'],
      answers: [{ question: date!.id, label: 'Date du chantier', kind: 'text', choices: [], text: 'Printemps' }],
    });
    const byCollaborator = await patchLead(item.id, { followUp: 'contacted' }, collaboratorToken);
    expect(byCollaborator.json<{ data: Lead }>().data.followUp).toBe('contacted');
    const cleared = await patchLead(item.id, { followUp: null }, collaboratorToken);
    expect(cleared.json<{ data: Lead }>().data.followUp).toBeNull();
  });

  it('another exhibitor cannot reach a lead, nor can a collaborator reach its exhibitor’s own: a 404, nothing saved', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), { note: 'À nous' });
    await send([item]);
    for (const as of [otherToken, collaboratorToken]) {
      const res = await patchLead(item.id, { followUp: 'no_follow_up', note: 'Pris' }, as);
      expect(res.statusCode).toBe(404);
      expect(withoutRequestId(res)).toEqual({
        error: { status: 404, name: 'NotFoundError', message: 'Ressource introuvable.', details: {} },
      });
    }
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(stored).toMatchObject({ note: 'À nous', followUp: null });
  });
});

describe('one lead edited twice: nothing typed is lost (decision 043)', () => {
  it('a same-day re-scan shows the note, tags and answers taken, and a rating-only save keeps them', async () => {
    const [budget] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const badge = badgeOf(visitor.registration);
    const first = scan(badge, {
      note: 'Simple curiosité',
      rating: 2,
      tags: ['curiosité'],
      answers: [{ question: budget!.id, choices: ['< 1 M MAD'] }],
    });
    await send([first]);
    const again = scan(badge, { scannedAt: '2024-05-30T11:40:00+01:00' });
    const { results } = await send([again]);
    // The scanner shows what the lead holds, to pre-fill its form.
    expect(results[0]).toMatchObject({
      id: again.id,
      status: 'alreadyScanned',
      scan: { id: first.id, note: 'Simple curiosité', rating: 2, tags: ['curiosité'] },
    });
    // The form sends only what changed: the rating, to the first scan.
    const { results: saved } = await send([{ id: first.id, badge, scannedAt: first.scannedAt, rating: 3 }]);
    expect(saved[0]).toMatchObject({
      status: 'recorded',
      scan: {
        note: 'Simple curiosité',
        rating: 3,
        tags: ['curiosité'],
        answers: [{ question: budget!.id, choices: ['< 1 M MAD'] }],
      },
    });
  });

  it('two phones save one lead from the same copy: other fields are kept, the same field is a 409 with the lead as it stands, nothing saved', async () => {
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), { note: 'Rappeler', rating: 2, tags: ['devis'] });
    await send([item], collaboratorToken);
    const shown = { note: 'Rappeler', rating: 2, tags: ['devis'], followUp: null };
    // The collaborator's phone changes the note; the exhibitor's, from the same copy, the rating.
    const byCollaborator = await patchLead(
      item.id,
      { note: 'Rappeler lundi', previous: { note: shown.note } },
      collaboratorToken,
    );
    expect(byCollaborator.statusCode, byCollaborator.body).toBe(200);
    const byExhibitor = await patchLead(item.id, { rating: 4, previous: { rating: shown.rating } });
    expect(byExhibitor.statusCode, byExhibitor.body).toBe(200);
    expect(byExhibitor.json<{ data: Lead }>().data).toMatchObject({
      note: 'Rappeler lundi',
      rating: 4,
      tags: ['devis'],
    });

    // The exhibitor then changes the note and the tags from its stale copy: refused as a whole.
    const stale = await patchLead(item.id, {
      note: 'Pas intéressé',
      tags: ['froid'],
      previous: { note: shown.note, tags: shown.tags },
    });
    expect(stale.statusCode).toBe(409);
    const refusal = withoutRequestId(stale) as {
      error: { status: number; name: string; message: string; details: { fields: string[]; lead: Lead } };
    };
    expect(refusal.error).toMatchObject({
      status: 409,
      name: 'ConflictError',
      message:
        'Ce prospect a été modifié ailleurs entre-temps : rien n’a été enregistré. Vérifiez puis enregistrez à nouveau.',
      details: { fields: ['note'], lead: { id: item.id, note: 'Rappeler lundi', rating: 4, tags: ['devis'] } },
    });
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(stored).toMatchObject({ note: 'Rappeler lundi', rating: 4, tags: ['devis'] });

    // Sent again from the lead as it now stands, the change is taken.
    const informed = await patchLead(item.id, {
      note: 'Pas intéressé',
      tags: ['froid'],
      previous: { note: 'Rappeler lundi', tags: ['devis'] },
    });
    expect(informed.json<{ data: Lead }>().data).toMatchObject({ note: 'Pas intéressé', rating: 4, tags: ['froid'] });
  });

  it('an answer changed on another phone is a 409; an answer to another question is kept', async () => {
    const [budget, , date] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), { answers: [{ question: budget!.id, choices: ['< 1 M MAD'] }] });
    await send([item]);
    const before = [{ question: budget!.id, choices: ['< 1 M MAD'] }];
    const first = await patchLead(item.id, {
      answers: [{ question: budget!.id, choices: ['> 5 M MAD'] }],
      previous: { answers: before },
    });
    expect(first.statusCode, first.body).toBe(200);
    const other = await patchLead(item.id, {
      answers: [{ question: date!.id, text: 'Juin' }],
      previous: { answers: before },
    });
    expect(other.json<{ data: Lead }>().data.answers.map((a) => a.choices.join() || a.text)).toEqual([
      '> 5 M MAD',
      'Juin',
    ]);
    const stale = await patchLead(item.id, {
      answers: [{ question: budget!.id, choices: ['1–5 M MAD'] }],
      previous: { answers: before },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { details: { fields: string[] } } }>().error.details.fields).toEqual(['answers']);
  });

  it('the same save sent twice at once is taken once, and both answer with the lead as saved', async () => {
    const [budget] = await threeQuestions();
    const visitor = await createVisitor(ctx.db);
    const item = scan(badgeOf(visitor.registration), { note: 'Premier échange' });
    await send([item]);
    const body = {
      note: 'Devis à envoyer',
      answers: [{ question: budget!.id, choices: ['1–5 M MAD'] }],
      previous: { note: 'Premier échange', answers: [] },
    };
    const [a, b] = await Promise.all([patchLead(item.id, body), patchLead(item.id, body)]);
    for (const res of [a, b]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Lead }>().data).toMatchObject({
        note: 'Devis à envoyer',
        answers: [{ question: budget!.id, choices: ['1–5 M MAD'] }],
      });
    }
    const [stored] = await ctx.db.select().from(scans).where(eq(scans.clientId, item.id));
    expect(await ctx.db.select().from(leadAnswers).where(eq(leadAnswers.scanId, stored!.id))).toHaveLength(1);
  });
});

describe('the filters of Mes scans', () => {
  it('narrows a table by follow-up, rating, tag, answer, who scanned and day, each alone and together', async () => {
    const [budget] = await threeQuestions();
    const make = async (extra: Record<string, unknown>, as = collaboratorToken) => {
      const item = scan(badgeOf((await createVisitor(ctx.db)).registration), extra);
      const { results } = await send([item], as);
      expect(results[0]?.status).toBe('recorded');
      return item.id;
    };
    const big = await make({
      rating: 5,
      tags: ['Filtre-VIP'],
      answers: [{ question: budget!.id, choices: ['> 5 M MAD'] }],
    });
    const small = await make({
      rating: 2,
      tags: ['Filtre-Petit'],
      answers: [{ question: budget!.id, choices: ['< 1 M MAD'] }],
    });
    const yesterday = await make({ rating: 5, scannedAt: '2024-05-29T11:00:00+01:00' });
    await patchLead(big, { followUp: 'to_contact' });
    const ids = async (query: string) => (await listed(`${collaboratorsTable()}&${query}`)).data.map((s) => s.id);

    expect(await ids('status=to_contact')).toEqual([big]);
    expect(await ids('status=none')).toEqual(expect.arrayContaining([small, yesterday]));
    expect(await ids('status=none')).not.toContain(big);
    expect(await ids('rating=5')).toEqual(expect.arrayContaining([big, yesterday]));
    expect(await ids('rating=5')).not.toContain(small);
    expect(await ids('tag=filtre-vip')).toEqual([big]);
    expect(await ids(`question=${budget!.id}`)).toEqual([small, big]);
    expect(await ids(`question=${budget!.id}&choice=${encodeURIComponent('< 1 M MAD')}`)).toEqual([small]);
    expect(await ids('day=2024-05-29')).toContain(yesterday);
    expect(await ids('day=2024-05-29')).not.toContain(big);
    expect(await ids(`by=${collaborator.user.id}&rating=5&day=2024-05-30&status=to_contact`)).toEqual([big]);
    expect(await ids(`by=${exhibitor.user.id}`)).toEqual([]);
    // A GET form's empty fields are no filter.
    const all = await listed(`${collaboratorsTable()}&status=&rating=&tag=&question=&choice=&by=&day=`);
    const counted = await listed(collaboratorsTable());
    expect(all.meta.pagination.total).toBe(counted.meta.pagination.total);
    const filtered = await listed(`${collaboratorsTable()}&tag=Filtre-Petit`);
    expect(filtered.meta.pagination.total).toBe(1);
  });

  it('counts a filtered table afresh after a lead changes or a scan arrives, though the count is kept between pages', async () => {
    const total = async (query: string) => (await listed(`${collaboratorsTable()}&${query}`)).meta.pagination.total;
    const item = scan(badgeOf((await createVisitor(ctx.db)).registration), { tags: ['Compte-Frais'] });
    await send([item], collaboratorToken);
    expect(await total('tag=compte-frais')).toBe(1);
    expect(await total('tag=compte-frais&status=contacted')).toBe(0);
    await patchLead(item.id, { followUp: 'contacted' });
    expect(await total('tag=compte-frais&status=contacted')).toBe(1);
    await send(
      [scan(badgeOf((await createVisitor(ctx.db)).registration), { tags: ['compte-frais'] })],
      collaboratorToken,
    );
    expect(await total('tag=compte-frais')).toBe(2);
  });

  it('never reaches another exhibitor’s leads, whatever the filters name', async () => {
    const [budget] = await threeQuestions();
    const item = scan(badgeOf((await createVisitor(ctx.db)).registration), {
      rating: 4,
      tags: ['Secret'],
      answers: [{ question: budget!.id, choices: ['> 5 M MAD'] }],
    });
    await send([item], collaboratorToken);
    const queries = [
      `tag=Secret`,
      `question=${budget!.id}`,
      `by=${collaborator.user.id}`,
      `rating=4`,
      `filters[scanner][exhibitor][id][$eq]=${exhibitor.user.id}&tag=Secret`,
      `filters[scanner][exhibitor][id][$eq]=${other.user.id}&question=${budget!.id}`,
    ];
    for (const query of queries) {
      const { data } = await listed(query, otherToken);
      expect(data.map((s) => s.id)).not.toContain(item.id);
    }
  });

  it('refuses a filter value that does not exist with a message under the parameter', async () => {
    const cases: [string, { path: string[]; message: string }[]][] = [
      ['status=maybe', [{ path: ['query', 'status'], message: 'unknownFollowUp' }]],
      ['rating=7', [{ path: ['query', 'rating'], message: 'rating' }]],
      ['day=30/05/2024', [{ path: ['query', 'day'], message: 'day' }]],
      ['day=2024-02-31', [{ path: ['query', 'day'], message: 'day' }]],
      ['by=x', [{ path: ['query', 'by'], message: 'id' }]],
      [`tag=${'t'.repeat(41)}`, [{ path: ['query', 'tag'], message: 'tooLong' }]],
    ];
    for (const [query, errors] of cases) {
      const res = await call(ctx.app, 'GET', `scans?${query}`, { token });
      expect(res.statusCode).toBe(400);
      expect(withoutRequestId(res)).toEqual(invalid(errors));
    }
  });
});
