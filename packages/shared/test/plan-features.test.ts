import { describe, expect, it } from 'vitest';
import {
  featureErrors,
  featureSchema,
  layoutErrors,
  parseStandCsv,
  standLineMessage,
  type FeatureKind,
  type PlanHall,
} from '../src';

const halls: PlanHall[] = [
  { id: 1, name: 'Hall A', planWidth: 60, planHeight: 40 },
  { id: 2, name: 'Hall C', planWidth: null, planHeight: null },
];
const stands = [{ gateId: 1, number: 'A-01', x: 6, y: 5, width: 6, height: 4 }];

describe('a layout CSV with the type column', () => {
  it('reads stands and features, French words and labels included, and a file without the column as before', () => {
    const csv = [
      'hall;stand;x;y;largeur;profondeur;type;libellé',
      'Hall A;A-01;6;5;6;4;;',
      'Hall A;;0;13;60;4;Allée',
      'Hall A;;27;0;6;2;entrée;Entrée principale',
      'Hall A;Salle du forum;18;16;24;8;forum',
      'Hall A;A-02;14;5;6;4;stand',
    ].join('\n');
    const read = parseStandCsv(csv);
    expect(read.errors).toEqual([]);
    expect(read.withKinds).toBe(true);
    expect(read.lines.map((l) => l.number)).toEqual(['A-01', 'A-02']);
    expect(read.features).toEqual([
      { line: 3, hall: 'Hall A', kind: 'aisle', label: null, x: 0, y: 13, width: 60, height: 4 },
      { line: 4, hall: 'Hall A', kind: 'entrance', label: 'Entrée principale', x: 27, y: 0, width: 6, height: 2 },
      { line: 5, hall: 'Hall A', kind: 'forum', label: 'Salle du forum', x: 18, y: 16, width: 24, height: 8 },
    ]);
    const old = parseStandCsv('hall,stand,x,y,width,height\nHall A,A-01,6,5,6,4');
    expect(old).toEqual({
      lines: [{ line: 2, hall: 'Hall A', number: 'A-01', x: 6, y: 5, width: 6, height: 4 }],
      features: [],
      withKinds: false,
      errors: [],
    });
  });

  it('refuses an unknown type, a label over 60 characters and a line with too many columns', () => {
    const csv = [
      'hall,stand,x,y,width,height,type,label',
      'Hall A,,0,0,4,4,bar',
      `Hall A,,0,0,4,4,cafe,${'x'.repeat(61)}`,
    ];
    const messages = parseStandCsv([...csv, 'Hall A,,0,0,4,4,cafe,Café,9'].join('\n')).errors;
    expect(messages.map((e) => standLineMessage(e))).toEqual([
      'Ligne 2 : Type « bar » inconnu : stand, entrée, allée, accueil, toilettes, café, secours ou forum.',
      'Ligne 3 : Libellé de plus de 60 caractères.',
      'Ligne 4 : 9 colonnes au lieu de 6 à 8 (hall, stand, x, y, width, height, type, label).',
    ]);
    expect(standLineMessage(messages[0]!, 'en')).toBe(
      'Line 2: Unknown type "bar": stand, entrance, aisle, reception, toilets, cafe, first-aid or forum.',
    );
  });
});

describe('the checks of a feature', () => {
  const feature = (
    line: number,
    kind: FeatureKind,
    x: number,
    y: number,
    width: number,
    height: number,
    gateId = 1,
  ) => ({
    line,
    kind,
    gateId,
    x,
    y,
    width,
    height,
  });
  const check = (...features: ReturnType<typeof feature>[]) =>
    featureErrors(features, halls, stands, [{ gateId: 1, kind: 'toilets', x: 50, y: 36, width: 4, height: 4 }]);

  it('lets aisles cross, and a service or an entrance sit on an aisle or along a wall', () => {
    expect(
      check(
        feature(1, 'aisle', 0, 13, 60, 4),
        feature(2, 'aisle', 26, 0, 4, 40),
        feature(3, 'entrance', 26, 0, 4, 2),
        feature(4, 'reception', 30, 13, 4, 3),
        feature(5, 'cafe', 56, 36, 4, 4),
      ),
    ).toEqual([]);
  });

  it('refuses a feature on a stand, outside its hall, over another service, or in a hall without a size', () => {
    const errors = check(
      feature(1, 'aisle', 0, 8, 60, 4),
      feature(2, 'cafe', 58, 0, 4, 4),
      feature(3, 'first-aid', 49, 35, 2, 2),
      feature(4, 'reception', 20, 20, 4, 4),
      feature(5, 'forum', 18, 18, 10, 10),
      feature(6, 'entrance', 0, 0, 2, 2, 2),
    );
    expect(errors.map((e) => standLineMessage(e))).toEqual([
      'Ligne 1 : Allée : chevauche le stand A-01.',
      'Ligne 2 : Café : dépasse du Hall A (60 × 40).',
      'Ligne 3 : Premiers secours : chevauche « Toilettes ».',
      'Ligne 5 : Salle du forum : chevauche « Accueil » (ligne 4).',
      'Ligne 6 : Le Hall C n’a pas de dimensions : renseignez sa largeur et sa profondeur dans les halls.',
    ]);
    expect(standLineMessage(errors[0]!, 'en')).toBe('Line 1: Aisle: overlaps stand A-01.');
  });

  it('keeps a stand off a feature: a stand moved onto an aisle is refused', () => {
    const moved = { gateId: 1, number: 'A-02', x: 0, y: 14, width: 6, height: 4 };
    const aisle = { gateId: 1, kind: 'aisle' as const, x: 0, y: 13, width: 60, height: 4 };
    expect(layoutErrors([moved], halls, stands, [aisle]).map((e) => standLineMessage(e, 'en'))).toEqual([
      'Stand A-02 overlaps "Aisle".',
    ]);
    expect(layoutErrors([{ ...moved, y: 17 }], halls, stands, [aisle])).toEqual([]);
  });

  it('takes a kind of the closed list and a label of 60 characters at most, an empty one as none', () => {
    const form = { gateId: 1, kind: 'cafe', x: 0, y: 0, width: 2, height: 2 };
    expect(featureSchema.parse({ ...form, label: '  ' }).label).toBeNull();
    expect(featureSchema.parse({ ...form, label: ' Café du hall ' }).label).toBe('Café du hall');
    const issues = (body: object) => featureSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(issues({ ...form, kind: 'bar' })).toEqual(['featureKind']);
    expect(issues({ ...form, label: 'x'.repeat(61) })).toEqual(['labelLong']);
  });
});
