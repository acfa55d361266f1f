import { createReadStream } from 'node:fs';
import {
  asLanguage,
  getMail,
  getMailEml,
  getMails,
  getNewsletters,
  getNewslettersExport,
  isLanguage,
  LANGUAGES,
  postMailRetry,
} from '@salon/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { sendXlsxStream } from '../../lib/streams';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { sendList } from '../../lib/admin-list';
import { createAttachmentResolver } from '../mail/attachments';
import { saleAttachments } from '../stand-sales/sale-attachments';
import { findEmlFile, mailDir } from '../mail/transport';
import { idParam } from '../../lib/request-inputs';
import {
  composeEml,
  listMails,
  listNewsletters,
  mailRecord,
  newsletterExportWhere,
  NEWSLETTER_FILE_NAME,
  retryMail,
  writeNewsletterXlsx,
} from './mail-dashboard.service';
import type { AdminDeps } from './deps';

/**
 * The mail outbox (state, attempts, last error; retry; each mail as it was sent) and the
 * newsletter subscribers (list and xlsx export). The dashboard's figures are in dashboard.ts.
 */
export const adminMailDashboardRoutes: FastifyPluginAsyncZod<AdminDeps> = async (
  app,
  { db, config, badges, onQueued },
) => {
  // The worker's own builders: a recomposed mail carries the files the worker would attach.
  const resolveAttachments = createAttachmentResolver({ badge: badges.attachment, ...saleAttachments(db) });

  const mailOf = async (param: string) => {
    const id = idParam(param);
    const row = id === null ? null : await mailRecord(db, id);
    if (!row) throw notFound('E-mail introuvable.');
    return row;
  };

  route(app, getMails, {}, async (request, reply) => {
    const { list, rows, total } = await listMails(db, request.query);
    return sendList(reply, 'mails', list, rows, total);
  });

  route(app, getMail, {}, async (request) => mailOf(request.params.id));

  /**
   * Sends a failed (or still pending) mail again now. The attempts start again from zero, so the
   * mail gets the worker's whole retry schedule again (about 8 hours) rather than one last try;
   * the last error stays until the next outcome replaces it.
   */
  route(app, postMailRetry, {}, async (request) => {
    const before = await mailOf(request.params.id);
    const after = await retryMail(db, currentUser(request).id, before);
    onQueued();
    return after;
  });

  /**
   * The mail as an RFC 822 message: the .eml file the file transport wrote when it was sent
   * without SMTP (the embedded default doubles as a mail catcher), else composed again from the
   * row, as always for a mail with a link (set-password, invitation, address confirmation: its
   * secret shows as LINK_PLACEHOLDER). The file is
   * found by the row's id, never by a name from the request.
   */
  route(app, getMailEml, {}, async (request, reply) => {
    const mail = await mailOf(request.params.id);
    // The file of a mail with a link holds the live secret as delivered: never shown, the row is.
    const file =
      config.SMTP_URL || mail.linkRedacted ? null : await findEmlFile(mailDir(config), mail.id, mail.createdAt);
    void reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', `attachment; filename="mail-${mail.id}.eml"`)
      .header('cache-control', 'private, no-store');
    if (file) return reply.header('x-eml-source', 'file').send(createReadStream(file));
    const eml = await composeEml(config.MAIL_FROM, mail, resolveAttachments);
    return reply.header('x-eml-source', 'composed').send(eml);
  });

  route(app, getNewsletters, {}, async (request, reply) => {
    const { list, rows, total } = await listNewsletters(db, request.query);
    return sendList(reply, 'newsletters', list, rows, total);
  });

  /** newsletter.xlsx of the subscribers the list's filter keeps (`filter`, optional `lang=en`). */
  route(app, getNewslettersExport, {}, async (request, reply) => {
    const { lang, ...query } = request.query;
    if (lang !== undefined && !isLanguage(lang)) throw badRequest(`Paramètre lang : ${LANGUAGES.join(' ou ')}.`);
    if (query.sort !== undefined || query.range !== undefined) {
      throw badRequest('Paramètre de requête non autorisé : l’export prend filter et lang.');
    }
    const where = newsletterExportWhere(query);
    return sendXlsxStream(request, reply, NEWSLETTER_FILE_NAME, (out) =>
      writeNewsletterXlsx(db, where, asLanguage(lang), out),
    );
  });
};
