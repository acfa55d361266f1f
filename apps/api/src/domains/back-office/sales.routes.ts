import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSalesOffer, getStandBooking, getStandBookings, postSaleConditions, putSalesOffer } from '@salon/shared';
import { route } from '../../lib/route';
import { sendList } from '../../lib/admin-list';
import { idParam } from '../../lib/request-inputs';
import { currentUser } from '../../plugins/auth';
import type { AdminDeps } from './deps';
import { addConditions, getBooking, listBookings, readOffer, saveOffer } from './sales.service';

/** Stands sold online, the organisers' side: each edition's offer and conditions, and the bookings. */
export const adminSalesRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, { db, clock }) => {
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
};
