import * as z from 'zod/mini';
import { formBody, handlerForm, idPath, openQuery, strapiQuery } from '../call';
import { backOfficeCall } from './back-office-call';
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

/** The dashboard's figures, the current edition's or, with `edition=<id>`, another's. */
export const getAdminDashboard = backOfficeCall({
  method: 'GET',
  path: '/admin/dashboard',
  query: strapiQuery('edition'),
  response: { 200: dashboardSchema },
});

/** The audit log: every write of the back-office, who made it, before and after; newest first. */
export const getAuditLog = backOfficeCall({
  method: 'GET',
  path: '/admin/audit-log',
  query: openQuery,
  response: { 200: z.array(auditEntrySchema) },
});

/** The gates' check-ins, with the double admissions of two gates offline (`filter={"conflict":true}`). */
export const getCheckins = backOfficeCall({
  method: 'GET',
  path: '/admin/checkins',
  query: openQuery,
  response: { 200: z.array(checkinRecordSchema) },
});

export const getKioskSessions = backOfficeCall({
  method: 'GET',
  path: '/admin/kiosk-sessions',
  query: openQuery,
  response: { 200: z.array(kioskRecordSchema) },
});
export const getKioskSession = backOfficeCall({
  method: 'GET',
  path: '/admin/kiosk-sessions/:id',
  params: idPath,
  response: { 200: kioskRecordSchema },
});
/** Revokes a kiosk (the record stays, with its revocation time). */
export const deleteKioskSession = backOfficeCall({
  method: 'DELETE',
  path: '/admin/kiosk-sessions/:id',
  params: idPath,
  response: { 200: kioskRecordSchema },
});

/** The gate staff's accounts: controllers who sign in at /login-controleur. */
export const getControllers = backOfficeCall({
  method: 'GET',
  path: '/admin/controllers',
  query: openQuery,
  response: { 200: z.array(controllerRecordSchema) },
});
export const getController = backOfficeCall({
  method: 'GET',
  path: '/admin/controllers/:id',
  params: idPath,
  response: { 200: controllerRecordSchema },
});
export const postController = backOfficeCall({
  method: 'POST',
  path: '/admin/controllers',
  body: formBody(controllerAccountSchema),
  response: { 201: controllerRecordSchema },
});
/** The form is read after the id. */
export const putController = backOfficeCall({
  method: 'PUT',
  path: '/admin/controllers/:id',
  params: idPath,
  body: handlerForm(controllerAccountEditSchema),
  response: { 200: controllerRecordSchema },
});
export const deleteController = backOfficeCall({
  method: 'DELETE',
  path: '/admin/controllers/:id',
  params: idPath,
  response: { 200: controllerRecordSchema },
});

/** The home page's exhibitor enquiries and their follow-up. */
export const getEnquiries = backOfficeCall({
  method: 'GET',
  path: '/admin/enquiries',
  query: openQuery,
  response: { 200: z.array(adminEnquirySchema) },
});
export const getEnquiry = backOfficeCall({
  method: 'GET',
  path: '/admin/enquiries/:id',
  params: idPath,
  response: { 200: adminEnquirySchema },
});
export const putEnquiry = backOfficeCall({
  method: 'PUT',
  path: '/admin/enquiries/:id',
  params: idPath,
  body: formBody(enquiryFollowUpSchema),
  response: { 200: adminEnquirySchema },
});

/** The exhibitors (`edition`: another edition's than the current one's). */
export const getAdminExhibitors = backOfficeCall({
  method: 'GET',
  path: '/admin/exhibitors',
  query: openQuery,
  response: { 200: z.array(adminExhibitorSchema) },
});
/** An exhibitor of a past edition's list reads with that registration. */
export const getAdminExhibitor = backOfficeCall({
  method: 'GET',
  path: '/admin/exhibitors/:id',
  params: idPath,
  response: { 200: adminExhibitorRecordSchema },
});
export const postAdminExhibitor = backOfficeCall({
  method: 'POST',
  path: '/admin/exhibitors',
  body: formBody(exhibitorAccountSchema),
  response: { 201: adminExhibitorRecordSchema },
});
export const putAdminExhibitor = backOfficeCall({
  method: 'PUT',
  path: '/admin/exhibitors/:id',
  params: idPath,
  body: formBody(exhibitorAccountSchema),
  response: { 200: adminExhibitorRecordSchema },
});
const exhibitorAction = <const A extends string>(action: A) =>
  backOfficeCall({
    method: 'POST',
    path: `/admin/exhibitors/:id/${action}`,
    params: idPath,
    response: { 200: adminExhibitorRecordSchema },
  });
/** What an organiser does to an exhibitor's account, by its name in the path. */
export const EXHIBITOR_ACTIONS = {
  confirm: exhibitorAction('confirm'),
  'resend-access': exhibitorAction('resend-access'),
  deactivate: exhibitorAction('deactivate'),
  reactivate: exhibitorAction('reactivate'),
};

/** 'Fiches exposants': the current edition's exhibitors' pages, reviewed by the organiser. */
export const getAdminExhibitorPages = backOfficeCall({
  method: 'GET',
  path: '/admin/exhibitor-pages',
  query: openQuery,
  response: { 200: z.array(adminExhibitorPageRowSchema) },
});
export const getAdminExhibitorPage = backOfficeCall({
  method: 'GET',
  path: '/admin/exhibitor-pages/:id',
  params: idPath,
  response: { 200: adminExhibitorPageSchema },
});
/** 'Corriger': the organiser's version of the page, published (the form is read after the id). */
export const putAdminExhibitorPage = backOfficeCall({
  method: 'PUT',
  path: '/admin/exhibitor-pages/:id',
  params: idPath,
  body: handlerForm(exhibitorPageFormSchema),
  response: { 200: adminExhibitorPageSchema },
});
/** 'Publier': the pending version goes live. */
export const postExhibitorPagePublish = backOfficeCall({
  method: 'POST',
  path: '/admin/exhibitor-pages/:id/publish',
  params: idPath,
  response: { 200: adminExhibitorPageSchema },
});
/** 'Refuser': the pending version is held with a reason (read after the id). */
export const postExhibitorPageHold = backOfficeCall({
  method: 'POST',
  path: '/admin/exhibitor-pages/:id/hold',
  params: idPath,
  body: handlerForm(exhibitorPageHoldSchema),
  response: { 200: adminExhibitorPageSchema },
});
