import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getAccountingExport,
  getBookingContract,
  getBookingPayments,
  postBookingPayment,
  postStatementImport,
  getBookingInvoices,
  getInvoicePdf,
  getSalesOffer,
  getServiceOrdersExport,
  postServiceInvoiceCredit,
  getStandBooking,
  getStandBookings,
  postBookingCancel,
  postBookingConfirm,
  postBookingRefuse,
  postSaleConditions,
  putSalesOffer,
} from '@salon/shared';
import type { FastifyRequest } from 'fastify';
import { bookingInvoices, type Invoice } from '../stand-sales/invoicing.service';
import { cancelBooking, confirmBooking, refuseBooking } from '../stand-sales/pipeline.service';
import { creditServiceInvoice, serviceById } from '../stand-sales/services.service';
import { supplierXlsx } from './exhibitor-services.service';
import { contractPdf, invoicePdf, sendPdf } from '../stand-sales/sale-attachments';
import { route } from '../../lib/route';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import { currentUser } from '../../plugins/auth';
import type { AdminDeps } from './deps';
import { bookingPayments, importStatement, recordPayment } from './payments.service';
import { accountingCsv, accountingXlsx } from './accounting.service';
import { CSV_TYPE, XLSX_TYPE } from '../../lib/streams';
import { addConditions, getBooking, listBookings, readOffer, saveOffer } from './sales.service';

/** Stands sold online, the organisers' side: each edition's offer and conditions, and the bookings. */
export const adminSalesRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, clock, config, onQueued, mail },
) => {
  route(app, getSalesOffer, {}, async (request) => readOffer(db, idParam(request.params.id), clock()));

  route(app, putSalesOffer, {}, async (request) =>
    saveOffer(db, clock(), currentUser(request).id, idParam(request.params.id), request.body),
  );

  route(app, postSaleConditions, {}, async (request, reply) => {
    const offer = await addConditions(
      db,
      clock(),
      currentUser(request).id,
      idParam(request.params.id),
      request.body.mediaId,
    );
    return reply.status(201).send(offer);
  });

  route(app, getStandBookings, {}, async (request, reply) => {
    const { list, rows, total } = await listBookings(db, request.query);
    return sendList(reply, 'stand-bookings', list, rows, total);
  });

  route(app, getStandBooking, {}, async (request) => getBooking(db, idParam(request.params.id)));

  const pipeline = (request: FastifyRequest) => ({
    db,
    now: clock(),
    organiserId: currentUser(request).id,
    publicUrl: config.PUBLIC_URL,
  });
  const shown = (result: { invoices: Invoice[] }) => ({ invoices: result.invoices.map(adminInvoice) });

  route(app, postBookingConfirm, {}, async (request) => {
    const result = await confirmBooking(pipeline(request), idParam(request.params.id));
    onQueued();
    return shown(result);
  });
  route(app, postBookingRefuse, {}, async (request) => {
    const result = await refuseBooking(pipeline(request), idParam(request.params.id), request.body.reason);
    onQueued();
    return shown(result);
  });
  route(app, postBookingCancel, {}, async (request) => {
    const result = await cancelBooking(pipeline(request), idParam(request.params.id), request.body.reason);
    onQueued();
    return shown(result);
  });
  route(app, getBookingInvoices, {}, async (request) => {
    const id = idParam(request.params.id);
    await getBooking(db, id);
    return shown({ invoices: await bookingInvoices(db, id!) });
  });

  route(app, getBookingContract, {}, async (request, reply) =>
    sendPdf(reply, await contractPdf(db, idParam(request.params.id))),
  );
  const paymentDeps = (request: FastifyRequest) => ({ db, now: clock(), organiserId: currentUser(request).id, mail });
  route(app, postBookingPayment, {}, async (request, reply) => {
    const account = await recordPayment(paymentDeps(request), idParam(request.params.id), request.body);
    onQueued();
    return reply.status(201).send(account);
  });
  route(app, getBookingPayments, {}, async (request) => {
    const id = idParam(request.params.id);
    await getBooking(db, id);
    const rows = await bookingPayments(db, id!);
    return {
      payments: rows.map((p) => ({
        id: p.id,
        amount: p.amount,
        receivedOn: p.receivedOn,
        method: p.method,
        label: p.label,
        fromStatement: p.statementLine !== null,
        createdAt: p.createdAt,
      })),
    };
  });
  route(app, postStatementImport, {}, async (request) => {
    const result = await importStatement(paymentDeps(request), request.body.csv, request.body.commit ?? false);
    if (result.recorded) onQueued();
    return result;
  });

  route(app, getAccountingExport, {}, async (request, reply) => {
    const { from, to, what = 'invoices', format = 'xlsx' } = request.query;
    const name = `comptabilite-${from}-${to}`;
    void reply.header('cache-control', 'private, no-store');
    if (format === 'csv')
      return reply
        .header('content-type', CSV_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="${name}-${what === 'invoices' ? 'factures' : 'paiements'}.csv"`,
        )
        .send(await accountingCsv(db, { from, to }, what));
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .send(await accountingXlsx(db, { from, to }));
  });

  route(app, getInvoicePdf, {}, async (request, reply) =>
    sendPdf(reply, await invoicePdf(db, idParam(request.params.id))),
  );

  route(app, postServiceInvoiceCredit, {}, async (request) => {
    const result = await creditServiceInvoice(
      { db, now: clock(), userId: currentUser(request).id },
      idParam(request.params.id),
    );
    onQueued();
    return shown(result);
  });
  route(app, getServiceOrdersExport, {}, async (request, reply) => {
    const service = await serviceById(db, idParam(request.params.id));
    return reply
      .header('content-type', XLSX_TYPE)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="commandes-service-${service.id}.xlsx"`)
      .send(await supplierXlsx(db, service));
  });
};

/** An invoice as the back-office lists it. */
const adminInvoice = (i: Invoice) => ({
  id: i.id,
  bookingId: i.bookingId,
  label: i.label,
  kind: i.kind,
  creditOf: i.creditOf,
  issuedOn: i.issuedOn,
  dueOn: i.dueOn,
  totalExclTax: i.totalExclTax,
  vat: i.vat,
  totalInclTax: i.totalExclTax + i.vat,
});
