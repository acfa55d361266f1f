/**
 * A booking's price, computed by the server only, in whole centimes: each stand its area times
 * its class's price per m², a corner stand with the offer's surcharge on top, then the VAT on the
 * total excluding tax. Rates are basis points (2000 is 20 %); every share is rounded half up
 * to the centime once, where it is computed.
 */

export interface PricedStand {
  area: number;
  pricePerM2: number;
  corner: boolean;
}

export interface PriceTerms {
  vatRate: number;
  cornerSurcharge: number;
}

/** `amount × rate`, rate in basis points, rounded half up to the centime (amounts are never negative). */
export const share = (amount: number, rate: number) => Math.floor((amount * rate + 5_000) / 10_000);

export const standPrice = (stand: PricedStand, terms: PriceTerms) => {
  const base = stand.area * stand.pricePerM2;
  return stand.corner ? base + share(base, terms.cornerSurcharge) : base;
};

export interface Totals {
  totalExclTax: number;
  vat: number;
  totalInclTax: number;
}

export function totalsOf(prices: number[], vatRate: number): Totals {
  const totalExclTax = prices.reduce((sum, p) => sum + p, 0);
  const vat = share(totalExclTax, vatRate);
  return { totalExclTax, vat, totalInclTax: totalExclTax + vat };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Two stands share a stretch of wall (a corner alone does not join them). */
export function adjoin(a: Box, b: Box): boolean {
  const sideBySide =
    (a.x + a.width === b.x || b.x + b.width === a.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);
  const oneAboveTheOther =
    (a.y + a.height === b.y || b.y + b.height === a.y) && Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x);
  return sideBySide || oneAboveTheOther;
}

/** Whether the stands make one island: each reached from the first through adjoining stands. */
export function oneIsland(stands: Box[]): boolean {
  if (stands.length < 2) return true;
  const reached = new Set([0]);
  const queue = [0];
  while (queue.length) {
    const i = queue.pop()!;
    stands.forEach((s, j) => {
      if (!reached.has(j) && adjoin(stands[i]!, s)) {
        reached.add(j);
        queue.push(j);
      }
    });
  }
  return reached.size === stands.length;
}

/**
 * The transfer's structured reference: the edition's year, the booking's number and a check digit
 * (ISO 7064 mod 11-10), so a typo in a bank statement's line is caught rather than matched
 * elsewhere: 'S2025-000123-7'.
 */
export function bookingReference(year: number, id: number): string {
  const digits = `${year}${String(id).padStart(6, '0')}`;
  let product = 10;
  for (const d of digits) {
    let sum = (Number(d) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = (11 - product) % 10;
  return `S${year}-${String(id).padStart(6, '0')}-${check}`;
}
