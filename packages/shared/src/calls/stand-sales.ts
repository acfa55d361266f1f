import * as z from 'zod/mini';
import { call, formBody, idPath, openQuery, queryFields } from '../call';
import { tokenQuery } from './badges';
import { fileAnswer, sentSchema, XLSX_TYPE } from '../contracts/common';
import {
  adminBookingSchema,
  adminInvoicesSchema,
  adminPaymentsSchema,
  enquiryPrefillSchema,
  priorityPrefillSchema,
  myBookingsSchema,
  myServicesSchema,
  serviceOrderedSchema,
  bookingAccountSchema,
  statementMatchSchema,
  adminSalesOfferSchema,
  standHeldSchema,
  standOfferSchema,
  standQuoteAnswerSchema,
} from '../contracts/stand-sales';
import {
  accountingQuerySchema,
  bookingEndSchema,
  paymentSchema,
  statementImportSchema,
  saleConditionsSchema,
  salesOfferSchema,
  serviceOrderSchema,
  standBookingSchema,
  standQuoteSchema,
} from '../stand-sales';
import { backOfficeCall } from './back-office-call';

/** Stands sold online: /exposer's offer, price and hold; the back-office's offer and bookings. */

/**
 * The current edition's offer, when its sale is open (404 otherwise); with a returning
 * exhibitor's link (`priorite`), its stand kept for it shows free.
 */
export const getStandOffer = call({
  method: 'GET',
  path: '/stand-offer',
  tags: ['stand-sales'],
  query: queryFields(z.object({ priorite: z.optional(z.string().check(z.maxLength(500))) })),
  response: { 200: standOfferSchema },
});

/** The price of the stands picked, refused as a hold would be (taken, apart, too small). */
export const postStandQuote = call({
  method: 'POST',
  path: '/stand-offer/quote',
  tags: ['stand-sales'],
  body: formBody(standQuoteSchema),
  response: { 200: standQuoteAnswerSchema },
});

/** The hold: the stands are the company's until a date, or the answer says which were taken. */
export const postStandBooking = call({
  method: 'POST',
  path: '/stand-bookings',
  tags: ['stand-sales'],
  body: formBody(standBookingSchema),
  response: { 201: standHeldSchema },
});

/** An edition's offer (`:id` is the edition's id) and its new terms. */
export const getSalesOffer = backOfficeCall({
  method: 'GET',
  path: '/admin/sales-offers/:id',
  params: idPath,
  response: { 200: adminSalesOfferSchema },
});
export const putSalesOffer = backOfficeCall({
  method: 'PUT',
  path: '/admin/sales-offers/:id',
  params: idPath,
  body: formBody(salesOfferSchema),
  response: { 200: adminSalesOfferSchema },
});
/** A new version of the edition's conditions of sale: the one in force from now on. */
export const postSaleConditions = backOfficeCall({
  method: 'POST',
  path: '/admin/sales-offers/:id/conditions',
  params: idPath,
  body: formBody(saleConditionsSchema),
  response: { 201: adminSalesOfferSchema },
});

/** The bookings of an edition (`edition`), newest first. */
export const getStandBookings = backOfficeCall({
  method: 'GET',
  path: '/admin/stand-bookings',
  query: openQuery,
  response: { 200: z.array(adminBookingSchema) },
});
export const getStandBooking = backOfficeCall({
  method: 'GET',
  path: '/admin/stand-bookings/:id',
  params: idPath,
  response: { 200: adminBookingSchema },
});

/** Confirms an option: its contract and its deposit and balance invoices, mailed to the company. */
export const postBookingConfirm = backOfficeCall({
  method: 'POST',
  path: '/admin/stand-bookings/:id/confirm',
  params: idPath,
  response: { 200: adminInvoicesSchema },
});
/** Refuses an option: its stands free again, the company told why. */
export const postBookingRefuse = backOfficeCall({
  method: 'POST',
  path: '/admin/stand-bookings/:id/refuse',
  params: idPath,
  body: formBody(bookingEndSchema),
  response: { 200: adminInvoicesSchema },
});
/** Cancels a confirmed booking: its stands free again, a credit note for each of its invoices. */
export const postBookingCancel = backOfficeCall({
  method: 'POST',
  path: '/admin/stand-bookings/:id/cancel',
  params: idPath,
  body: formBody(bookingEndSchema),
  response: { 200: adminInvoicesSchema },
});
/** A booking's invoices and credit notes, in the order they were issued. */
export const getBookingInvoices = backOfficeCall({
  method: 'GET',
  path: '/admin/stand-bookings/:id/invoices',
  params: idPath,
  response: { 200: adminInvoicesSchema },
});
/** A confirmed booking's contract, as a PDF. */
export const getBookingContract = backOfficeCall({
  method: 'GET',
  path: '/admin/stand-bookings/:id/contract',
  params: idPath,
  response: { 200: fileAnswer('application/pdf') },
});
/** An invoice or credit note as issued, as a PDF. */
export const getInvoicePdf = backOfficeCall({
  method: 'GET',
  path: '/admin/invoices/:id/pdf',
  params: idPath,
  response: { 200: fileAnswer('application/pdf') },
});

/** A payment typed by an organiser for a confirmed booking; the booking moves on when its deposit or all is in. */
export const postBookingPayment = backOfficeCall({
  method: 'POST',
  path: '/admin/stand-bookings/:id/payments',
  params: idPath,
  body: formBody(paymentSchema),
  response: { 201: bookingAccountSchema },
});
export const getBookingPayments = backOfficeCall({
  method: 'GET',
  path: '/admin/stand-bookings/:id/payments',
  params: idPath,
  response: { 200: adminPaymentsSchema },
});
/** A bank statement (CSV) matched by the bookings' references; `commit` records what matched. */
export const postStatementImport = backOfficeCall({
  method: 'POST',
  path: '/admin/payments/import',
  body: formBody(statementImportSchema),
  response: { 200: statementMatchSchema },
});

/** The invoices, credit notes and payments of a period, for the accountant (CSV or XLSX). */
export const getAccountingExport = backOfficeCall({
  method: 'GET',
  path: '/admin/accounting/export',
  query: queryFields(accountingQuerySchema),
  response: { 200: fileAnswer(XLSX_TYPE) },
});

/** The exhibitor's own stand bookings and invoices (its collaborators see none). */
export const getMyBookings = call({
  method: 'GET',
  path: '/my-bookings',
  tags: ['stand-sales'],
  response: { 200: myBookingsSchema },
  audience: 'exhibitors',
});
export const getMyInvoicePdf = call({
  method: 'GET',
  path: '/my-invoices/:id/pdf',
  tags: ['stand-sales'],
  params: idPath,
  response: { 200: fileAnswer('application/pdf') },
  audience: 'exhibitors',
});
export const getMyContract = call({
  method: 'GET',
  path: '/my-bookings/:id/contract',
  tags: ['stand-sales'],
  params: idPath,
  response: { 200: fileAnswer('application/pdf') },
  audience: 'exhibitors',
});

/** The exhibitor's services: its edition's catalogue, the booking they are invoiced on, its orders. */
export const getMyServices = call({
  method: 'GET',
  path: '/my-services',
  tags: ['stand-sales'],
  response: { 200: myServicesSchema },
  audience: 'exhibitors',
});
/** An order of services: invoiced at once on the company's booking, mailed with its invoice. */
export const postMyServiceOrder = call({
  method: 'POST',
  path: '/my-services/orders',
  tags: ['stand-sales'],
  body: formBody(serviceOrderSchema),
  response: { 201: serviceOrderedSchema },
  audience: 'exhibitors',
});

/** A service's live orders for its supplier: company, stands, quantity, contact (XLSX). */
export const getServiceOrdersExport = backOfficeCall({
  method: 'GET',
  path: '/admin/exhibitor-services/:id/orders',
  params: idPath,
  response: { 200: fileAnswer(XLSX_TYPE) },
});
/** Cancels an order of services: a credit note of its invoice, its quantities back in stock. */
export const postServiceInvoiceCredit = backOfficeCall({
  method: 'POST',
  path: '/admin/invoices/:id/credit',
  params: idPath,
  response: { 200: adminInvoicesSchema },
});

/** What an enquiry said, read with the link its follow-up mailed: /exposer's form starts from it. */
export const getEnquiryPrefill = call({
  method: 'GET',
  path: '/stand-offer/enquiry',
  tags: ['stand-sales'],
  query: tokenQuery,
  response: { 200: enquiryPrefillSchema },
});
/** What a returning exhibitor's link keeps for it and fills /exposer's form with (a wrong or old link: a 404). */
export const getStandPriority = call({
  method: 'GET',
  path: '/stand-offer/priority',
  tags: ['stand-sales'],
  query: tokenQuery,
  response: { 200: priorityPrefillSchema },
});
/** Mails the enquirer the link to choose and hold a stand on /exposer, in its language. */
export const postEnquiryStandLink = backOfficeCall({
  method: 'POST',
  path: '/admin/enquiries/:id/stand-link',
  params: idPath,
  response: { 200: sentSchema },
});
