// `npm run restore [-- --force] FILE`: loads a backup into an empty database (PGlite under
// DATA_DIR, or DATABASE_URL's PostgreSQL), then applies this build's newer migrations.
import path from 'node:path';
import { ConfigError, loadConfig } from '../apps/api/src/config/env';
import { generatedSecrets } from '../apps/api/src/db/backup';
import { BackupError, describeCounts } from '../apps/api/src/db/backup-tools';
import { restore } from '../apps/api/src/db/restore';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('Usage: npm run restore [-- --force] FILE');
  process.exit(2);
}
try {
  const config = loadConfig();
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const result = await restore(config, file, { force });
  if (result.erased)
    console.info(`Erased what the database held: ${describeCounts(result.erased) || 'no counted rows'}.`);
  console.info(`Restored ${file} into ${config.DATABASE_URL ? 'DATABASE_URL' : path.join(config.DATA_DIR, 'pglite')}`);
  console.info(describeCounts(result.counts));
  if (result.startProblem) {
    console.warn(`The server will not start on it as configured here. ${result.startProblem}`);
    // Badges already sent verify only with the former badge key: changing the key is rarely the cure.
    if (/JWT_SECRET|BADGE_PRIVATE_KEY/.test(result.startProblem)) {
      console.warn(
        generatedSecrets(config).length
          ? "To keep the backup's sessions and badges, copy its server's DATA_DIR/secrets here (chmod 600) instead."
          : "To keep the backup's sessions and badges, set its server's JWT_SECRET and BADGE_PRIVATE_KEY instead.",
      );
    }
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
