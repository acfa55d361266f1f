import type { FastifyReply } from 'fastify';
import { asLanguage } from '@salon/shared';
import type { Db } from '../../db/client';
import { documentTexts } from '../../texts/index';
import type { AttachmentBuilder } from '../mail/attachments';
import { invoiceById } from './invoicing.service';
import { contractFacts } from './pipeline.service';
import { invoiceFileName, renderContract, renderInvoice } from './sale-pdfs';

/** An invoice's PDF as issued: its file's name and bytes. */
export async function invoicePdf(db: Db, id: number | null) {
  const invoice = await invoiceById(db, id);
  const creditOf = invoice.creditOf ? (await invoiceById(db, invoice.creditOf)).label : null;
  return { filename: invoiceFileName(invoice), content: await renderInvoice(invoice, creditOf) };
}

/** A confirmed booking's contract: its file's name and bytes. */
export async function contractPdf(db: Db, bookingId: number | null) {
  const facts = await contractFacts(db, bookingId);
  const file = documentTexts(asLanguage(facts.language)).contract.file;
  return { filename: `${file}-${facts.reference}.pdf`, content: await renderContract(facts) };
}

/** A sale's PDF as a download that no cache keeps. */
export const sendPdf = (reply: FastifyReply, file: { filename: string; content: Buffer }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);

/** The outbox's `{ kind: 'invoice', invoiceId }` and `{ kind: 'contract', bookingId }` attachments. */
export function saleAttachments(db: Db): Record<'invoice' | 'contract', AttachmentBuilder> {
  const id = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    invoice: async (d) => ({ ...(await invoicePdf(db, id(d.invoiceId))), contentType: 'application/pdf' }),
    contract: async (d) => ({ ...(await contractPdf(db, id(d.bookingId))), contentType: 'application/pdf' }),
  };
}
