import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_EDITION_ID } from '@salon/shared';
import { auditLog, planFeatures } from '../../db/schema';
import { call } from '../../../test/helper';
import { admin, ctx, ok, refused, useAdminContentScene } from './admin-content.test-support';

/**
 * The plan's features in the back-office: entrances, aisles, services and the forum's
 * room, placed one by one like stands or laid out by a layout file with a type column; every
 * refusal says why under its field and leaves the plan as it was.
 */

useAdminContentScene();

interface Feature {
  id: number;
  edition: number;
  gateId: number;
  hall: string;
  kind: string;
  label: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Preview {
  stands: number;
  features: number;
  errors: { line: number; message: string }[];
  imported: boolean;
}

let n = 0;
/** A hall of its own for each test, 40 × 20, with a stand at its top left corner. */
async function newHall() {
  const hall = await ok<{ id: number; name: string }>('POST', 'gates', {
    name: `Hall Services ${++n}`,
    planWidth: 40,
    planHeight: 20,
  });
  await ok('POST', 'stands', { gateId: hall.id, number: `F${n}-1`, x: 0, y: 0, width: 6, height: 4 });
  return hall;
}
const featuresOf = async (gateId: number) =>
  (await ctx.db.select().from(planFeatures).where(eq(planFeatures.gateId, gateId)).orderBy(asc(planFeatures.id))).map(
    (f) => `${f.kind}${f.label ? ` ${f.label}` : ''} ${f.x},${f.y} ${f.width}×${f.height}`,
  );
const fieldErrors = async (method: 'POST' | 'PUT', url: string, body: unknown) =>
  (await refused(method, url, body)).details.errors?.map((e) => `${e.path.at(-1)}: ${e.message}`);
const publicFeatures = async (gateId: number) => {
  const res = await call(ctx.app, 'GET', 'floor-plan');
  const halls = res.json<{ data: { halls: { id: number; features: { kind: string; x: number }[] }[] } }>().data.halls;
  return halls.find((h) => h.id === gateId)?.features.map((f) => `${f.kind} ${f.x}`);
};
const csvFor = (...lines: string[]) => ['hall;stand;x;y;largeur;profondeur;type;libellé', ...lines].join('\r\n');

describe('A feature of the plan', () => {
  it('is placed, moved by its position alone and deleted, each change audited and on the public plan at once', async () => {
    const hall = await newHall();
    const forum = await ok<Feature>('POST', 'plan-features', {
      gateId: hall.id,
      kind: 'forum',
      label: ' Salle du forum ',
      x: 10,
      y: 8,
      width: 12,
      height: 6,
    });
    expect(forum).toEqual({
      id: forum.id,
      edition: DEMO_EDITION_ID,
      gateId: hall.id,
      hall: hall.name,
      kind: 'forum',
      label: 'Salle du forum',
      x: 10,
      y: 8,
      width: 12,
      height: 6,
    });
    expect(await publicFeatures(hall.id)).toEqual(['forum 10']);
    expect(await ok<Feature>('PUT', `plan-features/${forum.id}`, { x: 20, y: 10 })).toMatchObject({
      x: 20,
      y: 10,
      width: 12,
      label: 'Salle du forum',
    });
    expect(await publicFeatures(hall.id)).toEqual(['forum 20']);
    const list = await ok<Feature[]>(
      'GET',
      `plan-features?filter=${encodeURIComponent(JSON.stringify({ gateId: hall.id }))}`,
    );
    expect(list.map((f) => f.id)).toEqual([forum.id]);
    await ok('DELETE', `plan-features/${forum.id}`);
    expect(await featuresOf(hall.id)).toEqual([]);
    expect(await publicFeatures(hall.id)).toEqual([]);
    expect((await admin('GET', `plan-features/${forum.id}`)).statusCode).toBe(404);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'plan-features'), eq(auditLog.recordId, String(forum.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((e) => e.action)).toEqual([
      'POST /admin/plan-features',
      'PUT /admin/plan-features/:id',
      'DELETE /admin/plan-features/:id',
    ]);
  });

  it('is refused on a stand, out of its hall, of an unknown kind or with a label too long, and nothing is saved', async () => {
    const hall = await newHall();
    const cafe = { gateId: hall.id, kind: 'cafe', x: 30, y: 10, width: 4, height: 4 };
    expect(await fieldErrors('POST', 'plan-features', { ...cafe, x: 4, y: 2 })).toEqual([
      `x: Café : chevauche le stand F${n}-1.`,
    ]);
    expect(await fieldErrors('POST', 'plan-features', { ...cafe, x: 38 })).toEqual([
      `x: Café : dépasse du ${hall.name} (40 × 20).`,
    ]);
    expect(await fieldErrors('POST', 'plan-features', { ...cafe, kind: 'bar' })).toEqual(['kind: featureKind']);
    expect(await fieldErrors('POST', 'plan-features', { ...cafe, label: 'x'.repeat(61) })).toEqual([
      'label: labelLong',
    ]);
    await ok('POST', 'plan-features', { ...cafe, kind: 'toilets' });
    expect(await fieldErrors('POST', 'plan-features', { ...cafe, x: 32 })).toEqual([
      'x: Café : chevauche « Toilettes ».',
    ]);
    expect(await featuresOf(hall.id)).toEqual(['toilets 30,10 4×4']);
  });

  it('lets a service sit on an aisle, and keeps stands off the aisle', async () => {
    const hall = await newHall();
    await ok('POST', 'plan-features', { gateId: hall.id, kind: 'aisle', x: 0, y: 8, width: 40, height: 4 });
    await ok('POST', 'plan-features', { gateId: hall.id, kind: 'reception', x: 18, y: 8, width: 4, height: 2 });
    expect(
      await fieldErrors('POST', 'stands', { gateId: hall.id, number: `F${n}-2`, x: 10, y: 6, width: 6, height: 4 }),
    ).toEqual([`x: Le stand F${n}-2 empiète sur « Allée ».`]);
    expect(await featuresOf(hall.id)).toEqual(['aisle 0,8 40×4', 'reception 18,8 4×2']);
  });

  it('does not move into a hall of another edition', async () => {
    const hall = await newHall();
    const feature = await ok<Feature>('POST', 'plan-features', {
      gateId: hall.id,
      kind: 'entrance',
      x: 18,
      y: 0,
      width: 4,
      height: 2,
    });
    const next = await ok<{ id: number }>('POST', `editions/${DEMO_EDITION_ID}/next`, {
      name: 'Édition suivante',
      startsOn: '2026-06-02',
      endsOn: '2026-06-05',
      city: 'Marrakech',
      halls: true,
    });
    const [nextHall] = await ok<{ id: number; name: string }[]>(
      'GET',
      `gates?filter=${encodeURIComponent(JSON.stringify({ edition: next.id, q: hall.name }))}`,
    );
    // The hall came with its feature, now the next edition's own.
    expect(await featuresOf(nextHall!.id)).toEqual(['entrance 18,0 4×2']);
    expect(await fieldErrors('PUT', `plan-features/${feature.id}`, { gateId: nextHall!.id })).toEqual([
      expect.stringMatching(/^gateId: Hall inconnu/),
    ]);
    expect(await featuresOf(hall.id)).toEqual(['entrance 18,0 4×2']);
  });
});

describe('A layout file with the type column', () => {
  it('replaces the stands and the features of the halls it names, with one audit entry', async () => {
    const hall = await newHall();
    await ok('POST', 'plan-features', { gateId: hall.id, kind: 'cafe', x: 30, y: 10, width: 4, height: 4 });
    const result = await ok<Preview>(
      'POST',
      'stands/import',
      {
        csv: csvFor(
          `${hall.name};G${n}-1;0;0;6;4;;`,
          `${hall.name};;0;8;40;4;allée;`,
          `${hall.name};Salle du forum;10;12;12;8;forum;`,
          `${hall.name};;18;0;4;2;entrance;Entrée nord`,
        ),
        commit: true,
      },
      200,
    );
    expect(result).toMatchObject({ imported: true, errors: [], stands: 1, features: 3 });
    expect(await featuresOf(hall.id)).toEqual([
      'aisle 0,8 40×4',
      'forum Salle du forum 10,12 12×8',
      'entrance Entrée nord 18,0 4×2',
    ]);
    expect(await publicFeatures(hall.id)).toEqual(['aisle 0', 'forum 10', 'entrance 18']);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /admin/stands/import'), eq(auditLog.recordId, String(hall.id))));
    expect(entry!.before).toEqual({
      stands: [[hall.name, `F${n}-1`, 0, 0, 6, 4]],
      features: [[hall.name, 'cafe', null, 30, 10, 4, 4]],
    });
  });

  it('with a wrong feature line imports nothing and says which line is wrong', async () => {
    const hall = await newHall();
    const error = await refused('POST', 'stands/import', {
      csv: csvFor(`${hall.name};G${n}-1;0;0;6;4;;`, `${hall.name};;2;2;6;4;café;`, `${hall.name};;0;8;4;4;bar;`),
      commit: true,
    });
    expect(error.message).toBe('2 erreur(s) : rien n’a été importé.');
    const { errors } = (error.details as unknown as { preview: Preview }).preview;
    expect(errors.map((e) => e.message)).toEqual([
      `Ligne 3 : Café : chevauche le stand G${n}-1.`,
      'Ligne 4 : Type « bar » inconnu : stand, entrée, allée, accueil, toilettes, café, secours ou forum.',
    ]);
    expect(await featuresOf(hall.id)).toEqual([]);
  });

  it('is optional: a file without it replaces the stands as before, keeps the features and keeps stands off them', async () => {
    const hall = await newHall();
    await ok('POST', 'plan-features', { gateId: hall.id, kind: 'aisle', x: 0, y: 8, width: 40, height: 4 });
    const old = (...lines: string[]) => ['hall;stand;x;y;largeur;profondeur', ...lines].join('\r\n');
    const result = await ok<Preview>(
      'POST',
      'stands/import',
      { csv: old(`${hall.name};H${n}-1;0;0;6;4`), commit: true },
      200,
    );
    expect(result).toMatchObject({ imported: true, stands: 1, features: 0 });
    expect(await featuresOf(hall.id)).toEqual(['aisle 0,8 40×4']);
    const error = await refused('POST', 'stands/import', { csv: old(`${hall.name};H${n}-2;0;6;6;4`), commit: true });
    const { errors } = (error.details as unknown as { preview: Preview }).preview;
    expect(errors.map((e) => e.message)).toEqual([`Ligne 2 : Le stand H${n}-2 empiète sur « Allée ».`]);
  });
});

describe('A hall with features', () => {
  it('cannot shrink below them', async () => {
    const hall = await newHall();
    await ok('POST', 'plan-features', { gateId: hall.id, kind: 'toilets', x: 34, y: 16, width: 6, height: 4 });
    expect(await fieldErrors('PUT', `gates/${hall.id}`, { planWidth: 36 })).toEqual([
      'planWidth: L’élément « Toilettes » dépasserait du hall : déplacez-le avant de réduire le hall.',
    ]);
    expect((await ok<{ planWidth: number }>('PUT', `gates/${hall.id}`, { planWidth: 50 })).planWidth).toBe(50);
  });
});
