import * as z from 'zod/mini';
import { call, formBody, handlerForm, idPath, openQuery, strapiQuery } from '../call';
import {
  controllerAccountEditSchema,
  controllerAccountSchema,
  enquiryFollowUpSchema,
  exhibitorAccountSchema,
} from '../admin-schemas';
import {
  auditEntrySchema,
  checkinRecordSchema,
  controllerRecordSchema,
  dashboardSchema,
  kioskRecordSchema,
} from '../contracts/admin-devices';
import { adminExhibitorPageRowSchema, adminExhibitorPageSchema } from '../contracts/admin-exhibitor-pages';
import { adminEnquirySchema, adminExhibitorRecordSchema, adminExhibitorSchema } from '../contracts/admin-exhibitors';
import { exhibitorPageFormSchema, exhibitorPageHoldSchema } from '../exhibitor-page';

/**
 * The organisers' back-office (`/admin/…`), in the shape of react-admin's simple REST data
 * provider: a list answers an array (its total in Content-Range, its query read by the API), a
 * record the record. The content records are in back-office-records.ts.
 */

const tags = ['admin'];
const audience = 'organisers';

/** The dashboard's figures, the current edition's or, with `edition=<id>`, another's. */
export const getAdminDashboard = call({
  method: 'GET',
  path: '/admin/dashboard',
  tags,
  query: strapiQuery('edition'),
  response: { 200: dashboardSchema },
  audience,
});

/** The audit log: every write of the back-office, who made it, before and after; newest first. */
export const getAuditLog = call({
  method: 'GET',
  path: '/admin/audit-log',
  tags,
  query: openQuery,
  response: { 200: z.array(auditEntrySchema) },
  audience,
});

/** The gates' check-ins, with the double admissions of two gates offline (`filter={"conflict":true}`). */
export const getCheckins = call({
  method: 'GET',
  path: '/admin/checkins',
  tags,
  query: openQuery,
  response: { 200: z.array(checkinRecordSchema) },
  audience,
});

export const getKioskSessions = call({
  method: 'GET',
  path: '/admin/kiosk-sessions',
  tags,
  query: openQuery,
  response: { 200: z.array(kioskRecordSchema) },
  audience,
});
export const getKioskSession = call({
  method: 'GET',
  path: '/admin/kiosk-sessions/:id',
  tags,
  params: idPath,
  response: { 200: kioskRecordSchema },
  audience,
});
/** Revokes a kiosk (the record stays, with its revocation time). */
export const deleteKioskSession = call({
  method: 'DELETE',
  path: '/admin/kiosk-sessions/:id',
  tags,
  params: idPath,
  response: { 200: kioskRecordSchema },
  audience,
});

/** The gate staff's accounts: controllers who sign in at /login-controleur. */
export const getControllers = call({
  method: 'GET',
  path: '/admin/controllers',
  tags,
  query: openQuery,
  response: { 200: z.array(controllerRecordSchema) },
  audience,
});
export const getController = call({
  method: 'GET',
  path: '/admin/controllers/:id',
  tags,
  params: idPath,
  response: { 200: controllerRecordSchema },
  audience,
});
export const postController = call({
  method: 'POST',
  path: '/admin/controllers',
  tags,
  body: formBody(controllerAccountSchema),
  response: { 201: controllerRecordSchema },
  audience,
});
/** The form is read after the id. */
export const putController = call({
  method: 'PUT',
  path: '/admin/controllers/:id',
  tags,
  params: idPath,
  body: handlerForm(controllerAccountEditSchema),
  response: { 200: controllerRecordSchema },
  audience,
});
export const deleteController = call({
  method: 'DELETE',
  path: '/admin/controllers/:id',
  tags,
  params: idPath,
  response: { 200: controllerRecordSchema },
  audience,
});

/** The home page's exhibitor enquiries and their follow-up. */
export const getEnquiries = call({
  method: 'GET',
  path: '/admin/enquiries',
  tags,
  query: openQuery,
  response: { 200: z.array(adminEnquirySchema) },
  audience,
});
export const getEnquiry = call({
  method: 'GET',
  path: '/admin/enquiries/:id',
  tags,
  params: idPath,
  response: { 200: adminEnquirySchema },
  audience,
});
export const putEnquiry = call({
  method: 'PUT',
  path: '/admin/enquiries/:id',
  tags,
  params: idPath,
  body: formBody(enquiryFollowUpSchema),
  response: { 200: adminEnquirySchema },
  audience,
});

/** The exhibitors (`edition`: another edition's than the current one's). */
export const getAdminExhibitors = call({
  method: 'GET',
  path: '/admin/exhibitors',
  tags,
  query: openQuery,
  response: { 200: z.array(adminExhibitorSchema) },
  audience,
});
/** An exhibitor of a past edition's list reads with that registration. */
export const getAdminExhibitor = call({
  method: 'GET',
  path: '/admin/exhibitors/:id',
  tags,
  params: idPath,
  response: { 200: adminExhibitorRecordSchema },
  audience,
});
export const postAdminExhibitor = call({
  method: 'POST',
  path: '/admin/exhibitors',
  tags,
  body: formBody(exhibitorAccountSchema),
  response: { 201: adminExhibitorRecordSchema },
  audience,
});
export const putAdminExhibitor = call({
  method: 'PUT',
  path: '/admin/exhibitors/:id',
  tags,
  params: idPath,
  body: formBody(exhibitorAccountSchema),
  response: { 200: adminExhibitorRecordSchema },
  audience,
});
const exhibitorAction = <const A extends string>(action: A) =>
  call({
    method: 'POST',
    path: `/admin/exhibitors/:id/${action}`,
    tags,
    params: idPath,
    response: { 200: adminExhibitorRecordSchema },
    audience,
  });
/** What an organiser does to an exhibitor's account, by its name in the path. */
export const EXHIBITOR_ACTIONS = {
  confirm: exhibitorAction('confirm'),
  'resend-access': exhibitorAction('resend-access'),
  deactivate: exhibitorAction('deactivate'),
  reactivate: exhibitorAction('reactivate'),
};

/** 'Fiches exposants': the current edition's exhibitors' pages, reviewed by the organiser. */
export const getAdminExhibitorPages = call({
  method: 'GET',
  path: '/admin/exhibitor-pages',
  tags,
  query: openQuery,
  response: { 200: z.array(adminExhibitorPageRowSchema) },
  audience,
});
export const getAdminExhibitorPage = call({
  method: 'GET',
  path: '/admin/exhibitor-pages/:id',
  tags,
  params: idPath,
  response: { 200: adminExhibitorPageSchema },
  audience,
});
/** 'Corriger': the organiser's version of the page, published (the form is read after the id). */
export const putAdminExhibitorPage = call({
  method: 'PUT',
  path: '/admin/exhibitor-pages/:id',
  tags,
  params: idPath,
  body: handlerForm(exhibitorPageFormSchema),
  response: { 200: adminExhibitorPageSchema },
  audience,
});
/** 'Publier': the pending version goes live. */
export const postExhibitorPagePublish = call({
  method: 'POST',
  path: '/admin/exhibitor-pages/:id/publish',
  tags,
  params: idPath,
  response: { 200: adminExhibitorPageSchema },
  audience,
});
/** 'Refuser': the pending version is held with a reason (read after the id). */
export const postExhibitorPageHold = call({
  method: 'POST',
  path: '/admin/exhibitor-pages/:id/hold',
  tags,
  params: idPath,
  body: handlerForm(exhibitorPageHoldSchema),
  response: { 200: adminExhibitorPageSchema },
  audience,
});
