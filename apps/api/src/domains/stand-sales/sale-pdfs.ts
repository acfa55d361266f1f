import { asLanguage, dayText, moneyText, rateText, type InvoiceParty, type Language, type Seller } from '@salon/shared';
import { documentTexts } from '../../texts/index';
import { COLORS, createDocument, FONTS, SHOW_NAME, type Doc } from '../files/pdf/document';
import { pdfText } from '../files/pdf/text';
import { amountInWords } from './amount-in-words';
import type { Invoice } from './invoicing.service';

/**
 * The documents of a sale, in the booking's language: an invoice or credit note as it was issued
 * (both parties' legal mentions, its lines, the VAT, the totals and the total in words, the
 * transfer's reference and the bank), and the contract. Names print as they were typed, in any
 * script (the document's fonts fall back on the scripts they lack).
 */

const MARGIN = 50;

/** 'facture-F2025-00001.pdf', 'avoir-AV2025-00002.pdf'. */
export const invoiceFileName = (invoice: Pick<Invoice, 'kind' | 'label' | 'language'>) =>
  `${documentTexts(asLanguage(invoice.language)).invoice.file[invoice.kind]}-${invoice.label}.pdf`;

function party(doc: Doc, title: string, p: Partial<InvoiceParty>, lang: Language, x: number, y: number, width: number) {
  const t = documentTexts(lang).invoice;
  doc.font(FONTS.bold).fontSize(9).fillColor(COLORS.muted).text(pdfText(title.toUpperCase()), x, y, { width });
  doc
    .font(FONTS.bold)
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text(pdfText(p.name ?? ''), { width });
  doc.font(FONTS.regular).fontSize(9.5);
  doc.text(pdfText([p.address, p.city].filter(Boolean).join(', ')), { width });
  doc.text(pdfText(t.identity(p.ice ?? '', p.taxId ?? '', p.tradeRegister ?? '')), { width });
  return doc.y;
}

export async function renderInvoice(invoice: Invoice, creditOfLabel: string | null): Promise<Buffer> {
  const lang = asLanguage(invoice.language);
  const t = documentTexts(lang).invoice;
  const money = (c: number) => pdfText(moneyText(c, lang));
  const title = `${t.title[invoice.kind]} ${invoice.label}`;
  const { doc, finish } = createDocument({
    title: `${SHOW_NAME} — ${title}`,
    size: 'A4',
    layout: 'portrait',
    margin: MARGIN,
    createdAt: invoice.createdAt,
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 8).fill(COLORS.navy);
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.navy).text(pdfText(title), MARGIN, 30, { width });
  doc.font(FONTS.regular).fontSize(10).fillColor(COLORS.ink);
  doc.text(pdfText(t.issuedOn(dayText(invoice.issuedOn, lang))), { width });
  if (invoice.kind !== 'credit') doc.text(pdfText(t.dueOn(dayText(invoice.dueOn, lang))), { width });
  if (creditOfLabel) doc.text(pdfText(t.creditOf(creditOfLabel)), { width });
  doc.text(pdfText(t.reference(invoice.reference)), { width });
  const top = doc.y + 16;
  const half = (width - 20) / 2;
  const end = Math.max(
    party(doc, t.seller, invoice.seller, lang, MARGIN, top, half),
    party(doc, t.buyer, invoice.buyer, lang, MARGIN + half + 20, top, half),
  );

  // The lines: description, quantity, unit price and amount excluding tax.
  const cols = [width - 250, 40, 100, 110];
  let y = end + 24;
  const row = (cells: string[], bold = false) => {
    doc
      .font(bold ? FONTS.bold : FONTS.regular)
      .fontSize(9.5)
      .fillColor(COLORS.ink);
    let x = MARGIN;
    const heights = cells.map((c, i) => doc.heightOfString(pdfText(c), { width: cols[i]! - 6 }));
    cells.forEach((c, i) => {
      doc.text(pdfText(c), x + 3, y + 4, { width: cols[i]! - 6, align: i === 0 ? 'left' : 'right' });
      x += cols[i]!;
    });
    y += Math.max(...heights) + 8;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
  };
  doc.rect(MARGIN, y, width, 20).fill(COLORS.bg);
  row(t.columns, true);
  for (const l of invoice.lines) row([l.label, String(l.quantity), money(l.unitPrice), money(l.total)]);
  y += 10;
  const totals: [string, string, boolean][] = [
    [t.totalExclTax, money(invoice.totalExclTax), false],
    [t.vat(rateText(invoice.vatRate, lang)), money(invoice.vat), false],
    [t.totalInclTax, money(invoice.totalExclTax + invoice.vat), true],
  ];
  for (const [label, value, bold] of totals) {
    doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(bold ? 11 : 10);
    doc.text(pdfText(label), MARGIN + width - 260, y, { width: 140, align: 'right' });
    doc.text(value, MARGIN + width - 110, y, { width: 107, align: 'right' });
    y += 18;
  }
  y += 12;
  doc.font(FONTS.italic).fontSize(10).fillColor(COLORS.ink);
  doc.text(pdfText(t.inWords(invoice.kind, amountInWords(invoice.totalExclTax + invoice.vat, lang))), MARGIN, y, {
    width,
  });
  if (invoice.kind !== 'credit' && invoice.seller.bank && invoice.seller.rib) {
    doc.moveDown(1).font(FONTS.regular).fontSize(9.5);
    doc.text(pdfText(t.payment(invoice.seller.bank, invoice.seller.rib, invoice.reference)), { width });
  }
  return finish(`${invoice.seller.name ?? SHOW_NAME} — ${title}`);
}

export interface ContractFacts {
  reference: string;
  language: string;
  createdAt: Date;
  buyer: InvoiceParty;
  signatory: { name: string; role: string };
  seller: Seller;
  show: { name: string; when: string };
  stands: string[];
  totalExclTax: number;
  vat: number;
  vatRate: number;
  deposit: number;
  depositDueOn: string;
  balanceDueOn: string;
  conditions: { version: number; acceptedOn: string };
  confirmedAt: Date;
}

/** The contract: both parties, the stands, the price, the payment terms, the conditions accepted, and room to sign. */
export async function renderContract(c: ContractFacts): Promise<Buffer> {
  const lang = asLanguage(c.language);
  const t = documentTexts(lang).contract;
  const money = (n: number) => moneyText(n, lang);
  const { doc, finish } = createDocument({
    title: `${SHOW_NAME} — ${t.title} ${c.reference}`,
    size: 'A4',
    layout: 'portrait',
    margin: MARGIN,
    createdAt: c.confirmedAt,
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(0, 0, doc.page.width, 8).fill(COLORS.navy);
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.navy).text(pdfText(t.title), MARGIN, 30, { width });
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text(pdfText(t.reference(c.reference)), { width });
  doc.moveDown(1).font(FONTS.bold).fontSize(11).fillColor(COLORS.ink).text(pdfText(t.between), { width });
  const top = doc.y + 8;
  const half = (width - 20) / 2;
  const end = Math.max(
    party(doc, t.organiser, c.seller, lang, MARGIN, top, half),
    party(doc, t.exhibitor, c.buyer, lang, MARGIN + half + 20, top, half),
  );
  doc.font(FONTS.regular).fontSize(9.5);
  doc.text(pdfText(t.represented(c.signatory.name, c.signatory.role)), MARGIN + half + 20, end, { width: half });
  doc.font(FONTS.regular).fontSize(10.5).fillColor(COLORS.ink);
  doc.text(pdfText(t.object(c.show.name, c.show.when)), MARGIN, doc.y + 20, { width });
  doc.moveDown(0.5);
  for (const s of c.stands) doc.text(pdfText(`• ${s}`), { width, indent: 12 });
  doc.moveDown(0.8);
  doc.text(pdfText(t.price(money(c.totalExclTax), rateText(c.vatRate, lang), money(c.totalExclTax + c.vat))), {
    width,
  });
  doc.moveDown(0.5);
  doc.text(pdfText(t.terms(money(c.deposit), dayText(c.depositDueOn, lang), dayText(c.balanceDueOn, lang))), { width });
  doc.moveDown(0.5);
  doc.text(pdfText(t.conditions(c.conditions.version, dayText(c.conditions.acceptedOn, lang))), { width });
  const y = doc.y + 40;
  doc.font(FONTS.bold).fontSize(10);
  doc.text(pdfText(t.signOrganiser), MARGIN, y, { width: half });
  doc.text(pdfText(t.signExhibitor), MARGIN + half + 20, y, { width: half });
  doc.font(FONTS.regular).fontSize(9.5);
  doc.text(pdfText(c.seller.name ?? ''), MARGIN, y + 16, { width: half });
  doc.text(pdfText(`${c.signatory.name}, ${c.signatory.role}`), MARGIN + half + 20, y + 16, { width: half });
  for (const x of [MARGIN, MARGIN + half + 20])
    doc
      .rect(x, y + 36, half, 70)
      .lineWidth(0.5)
      .strokeColor(COLORS.line)
      .stroke();
  return finish(`${SHOW_NAME} — ${t.title} ${c.reference}`);
}
