import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { buildMigrations, migrationsState, newerDatabaseProblem } from './db/migrations-state';
import { publishedPasswordProblem, seed } from './db/seed';
import { createBadgeSigner } from './domains/badges/badge-token';
import { createBadgeService, type BadgeService } from './domains/badges/badges.service';
import { walletFromConfig } from './domains/badges/wallet/apple-config';
import { googleWalletFromConfig } from './domains/badges/wallet/google-wallet';
import { apnsFromConfig, createApnsClient } from './domains/badges/wallet/apns';
import { createPassPushes, PASS_PUSH_INTERVAL_MS, type PassPushes } from './domains/badges/wallet/pass-updates';
import { createAttachmentResolver } from './domains/mail/attachments';
import { createMailTransport, mailDir, type MailTransport } from './domains/mail/transport';
import { createMailWorker, type MailWorker } from './domains/mail/worker';
import { startRetentionJob, type RetentionJob } from './domains/personal-data/retention.service';
import { startHoldExpiry } from './domains/stand-sales/holds.service';
import { startReminders } from './domains/stand-sales/reminders.service';
import { saleAttachments } from './domains/stand-sales/sale-attachments';
import { notifyMailWorkers } from './domains/mail/worker';
import { startUnusedUploadsJob, type UnusedUploadsJob } from './domains/exhibitor-area/unused-uploads';
import { createClock } from '@salon/shared';
import { databaseProblem, redisProblem } from './lib/startup-checks';
import { keysProblem } from './domains/auth/instance-keys';
import { linkIssuers } from './link-issuers';

async function main(): Promise<void> {
  // Every file this server writes (database, mails, backups, keys) is its user's alone.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
    // A wallet configuration that phones would reject stops the start here, in one line.
    walletFromConfig(config, new Date());
    googleWalletFromConfig(config);
    apnsFromConfig(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A misconfigured instance says what is wrong in one line and stops: it never runs half-working.
  const redisDown = config.REDIS_URL ? await redisProblem(config.REDIS_URL) : null;
  if (redisDown) {
    console.error(redisDown);
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
    });
  } catch (err) {
    console.error(databaseProblem(config.DATABASE_URL, err));
    process.exit(1);
  }
  const problem =
    newerDatabaseProblem(await migrationsState(database.db, buildMigrations())) ??
    (await publishedPasswordProblem(database.db, config)) ??
    (await keysProblem(database.db, config));
  if (problem) {
    console.error(problem);
    await database.close();
    process.exit(1);
  }
  const app = await buildApp(config, database);
  await seed(database.db, config, app.log);
  await database.maintain?.();
  let mail: { worker: MailWorker; transport: MailTransport; badges: BadgeService } | undefined;
  let retention: RetentionJob | undefined;
  let sweep: UnusedUploadsJob | undefined;
  let holdExpiry: ReturnType<typeof startHoldExpiry> | undefined;
  let reminders: ReturnType<typeof startReminders> | undefined;
  let pushes: PassPushes | undefined;
  app.addHook('onClose', async () => {
    // The jobs first: they finish what they are doing (a retention run, the mails being sent),
    // which needs the database.
    await retention?.stop();
    await sweep?.stop();
    await holdExpiry?.stop();
    await reminders?.stop();
    await pushes?.stop();
    if (mail) {
      await mail.worker.stop();
      mail.transport.close();
      await mail.badges.close();
    }
    await database.close();
  });

  // Stop accepting, let requests in flight finish, then close the database.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
      const force = setTimeout(() => process.exit(1), (config.SHUTDOWN_DRAIN_SECONDS + 15) * 1000);
      force.unref();
      // Not ready from now on: the proxy stops sending requests here while those it sent are served.
      app.startDraining();
      const drained = new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
      drained
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });

  // Sends the mail outbox; with MAIL_WORKER=false this instance only queues (another one sends).
  if (config.MAIL_WORKER && !closing) {
    const transport = createMailTransport(config);
    const badges = createBadgeService(database.db, createBadgeSigner(config.BADGE_PRIVATE_KEY));
    const resolveAttachments = createAttachmentResolver({
      badge: badges.attachment,
      ...saleAttachments(database.db),
    });
    const worker = createMailWorker({
      db: database.db,
      transport,
      resolveAttachments,
      issuers: linkIssuers,
      log: app.log,
    });
    mail = { worker, transport, badges };
    worker.start();
  }
  // Tells the phones holding an Apple Wallet pass that it changed (every instance may: each
  // change is taken by one).
  const apns = apnsFromConfig(config);
  if (apns && config.APPLE_PASS_TYPE_ID && !closing) {
    pushes = createPassPushes({
      db: database.db,
      apns: createApnsClient(apns, config.APPLE_PASS_TYPE_ID),
      log: app.log,
    });
    pushes.start(PASS_PUSH_INTERVAL_MS);
  }
  // Anonymises visitors past the retention period once a day, when an organiser turned it on.
  if (!closing) {
    retention = startRetentionJob({
      db: database.db,
      clock: createClock(config.APP_NOW),
      mailDir: mailDir(config),
      log: app.log,
    });
    // Removes the exhibitors' uploads no page has named for a day (each hour, one instance at a time).
    sweep = startUnusedUploadsJob({ db: database.db, log: app.log });
    // Frees the stands of options past their date, and tells the companies (each minute, one instance at a time).
    holdExpiry = startHoldExpiry({
      db: database.db,
      clock: createClock(config.APP_NOW),
      publicUrl: config.PUBLIC_URL,
      log: app.log,
      onQueued: notifyMailWorkers,
    });
    // Reminds the companies of their invoices a week before they are due and the day after (each hour, once each).
    reminders = startReminders({
      db: database.db,
      clock: createClock(config.APP_NOW),
      log: app.log,
      onQueued: notifyMailWorkers,
    });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
