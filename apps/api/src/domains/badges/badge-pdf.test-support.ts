import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import type { BadgeData } from './badge-pdf';

/** The show as the badge tests print it. */
export const BADGE_EVENT: BadgeData['event'] = {
  name: 'Salon International du Bâtiment',
  edition: 6,
  startsOn: '2024-05-29',
  endsOn: '2024-06-01',
  city: 'Marrakech',
};

/**
 * Names typed in several scripts, to print in every output: each must come out as it was typed (PDF tests,
 * wallet passes, mails, spreadsheets).
 */
export const TYPED_NAMES = {
  arabic: 'محمد بن عبد الله العلوي',
  mixedCompany: 'Atlas للبناء والأشغال SARL',
  latin: 'Łukasz Öğüt-Ștefan',
  cyrillic: 'Анастасия Кузнецова',
  greek: 'Γιώργος Παπαδόπουλος',
  tifinagh: 'ⵜⴰⵎⴰⵣⵉⵖⵜ ⵎⴰⵙⵉⵏⵉⵙⴰ',
} as const;

/** Pixels per PDF point when the page is photographed: a modest phone camera, about 144 dpi. */
const SCALE = 2;
const MM_PER_POINT = 25.4 / 72;

/** What a camera reads on the first page of a badge PDF. */
export interface BadgeQrReading {
  /** The QR code's text: the badge token. */
  text: string;
  /** The code's side, finder pattern to finder pattern edge, in millimetres on paper. */
  sideMm: number;
}

/**
 * Renders the first page to pixels (pdf.js on @napi-rs/canvas, through pdf-parse) and reads the
 * QR code with jsQR, as a phone would: proof that the vector code really scans.
 */
export async function readBadgeQrFromPdf(pdf: Buffer): Promise<BadgeQrReading> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const shot = await parser.getScreenshot({ partial: [1], scale: SCALE, imageDataUrl: false });
    const page = shot.pages[0];
    if (!page) throw new Error('the PDF has no page');
    const image = await loadImage(Buffer.from(page.data));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height);
    const code = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' });
    if (!code) throw new Error('no QR code could be read on the badge');
    const { topLeftCorner: a, topRightCorner: b } = code.location;
    return { text: code.data, sideMm: (Math.hypot(b.x - a.x, b.y - a.y) / page.scale) * MM_PER_POINT };
  } finally {
    await parser.destroy();
  }
}

/** The token in the QR code of a badge PDF (for the mail tests: the attached badge scans). */
export async function decodeBadgeQrFromPdf(pdf: Buffer): Promise<string> {
  return (await readBadgeQrFromPdf(pdf)).text;
}

/** A PDF's text, its spaces and line breaks made single spaces: what a reader finds in it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
