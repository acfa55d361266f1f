import * as z from 'zod/mini';
import { call, formBody, idPath, openQuery } from '../call';
import {
  adminBookingSchema,
  adminSalesOfferSchema,
  standHeldSchema,
  standOfferSchema,
  standQuoteAnswerSchema,
} from '../contracts/stand-sales';
import { saleConditionsSchema, salesOfferSchema, standBookingSchema, standQuoteSchema } from '../stand-sales';
import { backOfficeCall } from './back-office-call';

/** Stands sold online: /exposer's offer, price and hold; the back-office's offer and bookings. */

/** The current edition's offer, when its sale is open (404 otherwise). */
export const getStandOffer = call({
  method: 'GET',
  path: '/stand-offer',
  tags: ['stand-sales'],
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
