import {
  type Language,
  featureErrors,
  featureSchema,
  layoutErrors,
  standLineMessage,
  standSchema,
  type Box as Rect,
  type FeatureKind,
  type PlanHall,
} from '@salon/shared';
import type { Piece } from './editor-parts';

type Hall = PlanHall;
type BoxOf = (p: Piece) => Rect;

/** The hall's stands and features where the drawing shows them, `except` left out. */
function placed(list: Piece[], boxOf: BoxOf, except?: string) {
  const others = list.filter((p) => p.key !== except);
  return {
    stands: others.flatMap((p) => (p.resource === 'stands' ? [{ ...p.record, ...boxOf(p) }] : [])),
    features: others.flatMap((p) => (p.resource === 'plan-features' ? [{ ...p.record, ...boxOf(p) }] : [])),
  };
}

/**
 * Why a piece cannot be at `box`, by the rules the server applies (standSchema and layoutErrors
 * for a stand, featureSchema and featureErrors for a feature); null when it can.
 */
export function pieceRefusal(
  piece: Piece,
  box: Rect,
  hall: Hall,
  list: Piece[],
  boxOf: BoxOf,
  lang: Language,
  translate: (key: string) => string,
): string | null {
  const { stands, features } = placed(list, boxOf, piece.key);
  if (piece.resource === 'stands') {
    const form = standSchema.safeParse({ gateId: hall.id, number: piece.record.number, ...box });
    if (!form.success) return translate(form.error.issues[0]!.message);
    const [error] = layoutErrors([{ ...piece.record, ...box, gateId: hall.id }], [hall], stands, features);
    return error ? standLineMessage(error, lang) : null;
  }
  const form = featureSchema.safeParse({ ...piece.record, ...box, gateId: hall.id });
  if (!form.success) return translate(form.error.issues[0]!.message);
  const [error] = featureErrors([{ ...piece.record, ...box, gateId: hall.id }], [hall], stands, features);
  return error ? standLineMessage(error, lang) : null;
}

/** The first place, row by row from the top left corner, where a new feature of `kind` fits. */
export function freeSpot(
  { kind, side }: { kind: FeatureKind; side: number },
  hall: Hall,
  list: Piece[],
  boxOf: BoxOf,
): Rect | null {
  const { stands, features } = placed(list, boxOf);
  const width = hall.planWidth ?? 0;
  const height = hall.planHeight ?? 0;
  const step = Math.max(1, Math.floor(Math.max(width, height) / 60));
  for (let y = 0; y + side <= height; y += step) {
    for (let x = 0; x + side <= width; x += step) {
      const box = { x, y, width: side, height: side };
      if (!featureErrors([{ ...box, kind, gateId: hall.id }], [hall], stands, features).length) return box;
    }
  }
  return null;
}
