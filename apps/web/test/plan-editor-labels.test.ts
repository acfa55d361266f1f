import { describe, expect, it } from 'vitest';
import { fitLabel, labelLines } from '../admin/resources/floor-plan/editor-parts';

describe('a label in the back-office drawing', () => {
  it('keeps its size where it fits', () => {
    expect(fitLabel('D-01', 6, 1.33, 0.62)).toEqual({ text: 'D-01', size: 1.33 });
  });

  it('is made smaller, whole, when a little smaller fits: a 2 × 2 entrance named "Entrée nord"', () => {
    const fitted = fitLabel('Entrée nord', 2, 0.44, 0.62);
    expect(fitted.text).toBe('Entrée nord');
    expect(fitted.size).toBeLessThan(0.44);
    expect(fitted.text.length * fitted.size * 0.62).toBeLessThanOrEqual(2 * 0.9 + 1e-9);
  });

  it('is cut with an ellipsis when even half its size is too wide', () => {
    const fitted = fitLabel('Société Marocaine des Ciments et Bétons', 6, 1.1, 0.56);
    expect(fitted.size).toBeCloseTo(1.1 * 0.5);
    expect(fitted.text).toBe('Société Marocain…');
    expect(fitted.text.length * fitted.size * 0.56).toBeLessThanOrEqual(6 * 0.9);
  });
});

describe('a piece’s label in the back-office drawing', () => {
  it('is its title over its detail, each cut to the piece', () => {
    const lines = labelLines('C-02', 'Cèdre Préfabrication Industrielle', 6, 4);
    expect(lines.map((l) => l.text)).toEqual(['C-02', 'Cèdre Préfa…']);
    expect(lines[0]!.bold).toBe(true);
    expect(lines[0]!.y).toBeLessThan(lines[1]!.y);
  });

  it('is its title alone on a piece smaller than 3 × 3, on two lines when that draws it larger', () => {
    const lines = labelLines('Entrée nord', 'Entrée', 2, 2);
    expect(lines.map((l) => l.text)).toEqual(['Entrée', 'nord']);
    expect(lines[0]!.size).toBeGreaterThan(fitLabel('Entrée nord', 2, 2 / 4.5, 0.62).size);
    for (const line of lines) {
      expect(line.text.length * line.size * 0.62).toBeLessThanOrEqual(2 * 0.9 + 1e-9);
      expect(line.y - line.size / 2).toBeGreaterThanOrEqual(0);
      expect(line.y + line.size / 2).toBeLessThanOrEqual(2);
    }
  });

  it('keeps a long entrance on one line when two would be no larger', () => {
    expect(labelLines('Entrée principale', 'Entrée', 8, 2).map((l) => l.text)).toEqual(['Entrée principale', 'Entrée']);
    expect(labelLines('Entrée principale', '', 8, 2).map((l) => l.text)).toEqual(['Entrée principale']);
  });
});
