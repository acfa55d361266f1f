/**
 * QR codes as plain module matrices, so that the PDF can draw them as vectors and the web page
 * as one SVG path: sharp at any zoom, a few hundred bytes, no image library.
 */
import QRCode from 'qrcode';

/** The dark and light modules of a QR code, row by row (1 = dark), without the quiet zone. */
export interface QrMatrix {
  /** Modules per side. */
  size: number;
  /** `size * size` entries, row-major. */
  modules: Uint8Array;
}

/** A horizontal run of dark modules: `width` modules from column `x` on row `y`. */
export interface QrRun {
  x: number;
  y: number;
  width: number;
}

/** Modules of light margin that readers need around the code (ISO/IEC 18004). */
export const QR_QUIET_ZONE = 4;

/**
 * The QR code of `text` at error-correction level M (15% may be lost: a creased or scratched
 * badge still reads). The text goes in one byte segment: a token mixes cases and digits, so
 * splitting it into modes saves nothing and costs a search.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  return { size: modules.size, modules: modules.data };
}

/** The dark modules merged into horizontal runs, so that each run is one rectangle to draw. */
export function qrRuns(matrix: QrMatrix): QrRun[] {
  const { size, modules } = matrix;
  const runs: QrRun[] = [];
  for (let y = 0; y < size; y++) {
    let start = -1;
    for (let x = 0; x <= size; x++) {
      const dark = x < size && modules[y * size + x] === 1;
      if (dark && start < 0) start = x;
      else if (!dark && start >= 0) {
        runs.push({ x: start, y, width: x - start });
        start = -1;
      }
    }
  }
  return runs;
}

/**
 * An SVG path of the dark modules, one unit per module, for
 * `<svg viewBox="0 0 {size} {size}"><path d="{path}"/></svg>` (leave the quiet zone around
 * it, e.g. with a viewBox starting at -4).
 */
export function qrSvgPath(text: string): { size: number; path: string } {
  const matrix = qrMatrix(text);
  const path = qrRuns(matrix)
    .map((r) => `M${r.x} ${r.y}h${r.width}v1h-${r.width}z`)
    .join('');
  return { size: matrix.size, path };
}
