import { describe, expect, it } from 'vitest';
import { layoutErrors, parseStandCsv, standLineMessage, type PlanHall } from '../src';

const halls: PlanHall[] = [
  { id: 1, name: 'Hall A', planWidth: 60, planHeight: 40 },
  { id: 2, name: 'Hall B', planWidth: 30, planHeight: 20 },
  { id: 3, name: 'Hall C', planWidth: null, planHeight: null },
];
const messages = (csv: string) => parseStandCsv(csv).errors.map((e) => standLineMessage(e));

describe('a layout CSV', () => {
  it('is read with or without its header, with commas, semicolons or tabs', () => {
    const expected = [{ line: 2, hall: 'Hall A', number: 'A-01', x: 6, y: 5, width: 6, height: 4 }];
    expect(parseStandCsv('hall,stand,x,y,width,height\nHall A,A-01,6,5,6,4\n').lines).toEqual(expected);
    expect(parseStandCsv('\uFEFFhall;stand;x;y;largeur;profondeur\r\nHall A;A-01;6;5;6;4').lines).toEqual(expected);
    expect(parseStandCsv('\nHall A\tA-01\t6\t5\t6\t4').lines).toEqual(expected);
    expect(parseStandCsv('"Hall A","A-01",6,5,6,4').lines[0]).toMatchObject({ hall: 'Hall A', number: 'A-01' });
  });

  it('says what is wrong on each line, by its number in the file', () => {
    expect(
      messages(
        'hall,stand,x,y,width,height\nHall A,A-01,6,5\nHall A,A 02!,1,1,2,2\nHall A,A-03,-1,0,0,2,\nHall A,A-04,1.5,0,2,2',
      ),
    ).toEqual([
      'Ligne 2 : 4 colonnes au lieu de 6 (hall, stand, x, y, width, height).',
      'Ligne 3 : Numéro de stand « A 02! » invalide : lettres et chiffres, séparés par - . / ou une espace.',
      'Ligne 4 : 7 colonnes au lieu de 6 (hall, stand, x, y, width, height).',
      'Ligne 5 : x : nombre entier attendu, 0 au moins (« 1.5 »).',
    ]);
    expect(messages('Hall A,A-01,0,0,0,4')).toEqual(['Ligne 1 : width : nombre entier attendu, 1 au moins (« 0 »).']);
    expect(messages('hall,stand,x,y,width,height\n')).toEqual(['Le fichier ne contient aucun stand.']);
  });

  it('is refused with a message in English too', () => {
    const [error] = parseStandCsv('Hall A,A-01,0,0,0,4').errors;
    expect(standLineMessage(error!, 'en')).toBe('Line 1: width: a whole number of at least 1 expected ("0").');
  });
});

describe('the checks of a layout', () => {
  const stand = (line: number, hallName: string, number: string, x: number, y: number, width = 6, height = 4) => ({
    line,
    hallName,
    gateId: halls.find((h) => h.name === hallName)?.id ?? null,
    number,
    x,
    y,
    width,
    height,
  });
  const check = (...stands: ReturnType<typeof stand>[]) =>
    layoutErrors(stands, halls, [{ gateId: 2, number: 'B-01', x: 0, y: 0, width: 10, height: 10 }]).map((e) =>
      standLineMessage(e),
    );

  it('accepts stands side by side, edges touching', () => {
    expect(
      check(stand(1, 'Hall A', 'A-01', 0, 0), stand(2, 'Hall A', 'A-02', 6, 0), stand(3, 'Hall B', 'B-02', 10, 0)),
    ).toEqual([]);
  });

  it('refuses overlaps, stands outside their hall, unknown halls and numbers used twice', () => {
    expect(
      check(
        stand(1, 'Hall A', 'A-01', 0, 0),
        stand(2, 'Hall A', 'A-02', 5, 3),
        stand(3, 'Hall A', 'A-03', 56, 0),
        stand(4, 'Hall Z', 'Z-01', 0, 0),
        stand(5, 'Hall A', 'a-01', 20, 20),
        stand(6, 'Hall B', 'B-01', 20, 10),
        stand(7, 'Hall B', 'B-03', 9, 9),
        stand(8, 'Hall C', 'C-01', 0, 0),
      ),
    ).toEqual([
      'Ligne 2 : Le stand A-02 chevauche le stand A-01 (ligne 1).',
      'Ligne 3 : Le stand A-03 dépasse du Hall A (60 × 40).',
      'Ligne 4 : Hall inconnu : « Hall Z ». Halls : Hall A, Hall B, Hall C.',
      'Ligne 5 : Le stand a-01 figure déjà à la ligne 1.',
      'Ligne 6 : Le stand B-01 existe déjà dans le Hall B.',
      'Ligne 7 : Le stand B-03 chevauche le stand B-01.',
      'Ligne 8 : Le Hall C n’a pas de dimensions : renseignez sa largeur et sa profondeur dans les halls.',
    ]);
  });
});
