// `npm run backup [-- FILE]`: the database (PGlite or DATABASE_URL's PostgreSQL) as a gzipped
// plain-SQL pg_dump, by default DATA_DIR/backups/salon-<UTC time>.sql.gz. See docs/running-at-scale.md, Backups.
import path from 'node:path';
import { ConfigError, loadConfig } from '../apps/api/src/config/env';
import { backup, generatedSecrets } from '../apps/api/src/db/backup';
import { BackupError, describeCounts } from '../apps/api/src/db/backup-tools';

const [file, ...extra] = process.argv.slice(2);
if (extra.length || file?.startsWith('-')) {
  console.error('Usage: npm run backup [-- FILE]');
  process.exit(2);
}
try {
  const config = loadConfig();
  // npm runs scripts from the repository's root; a relative FILE is meant from where it was typed.
  const target = file && path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const result = await backup(config, target);
  const size =
    result.bytes < 1024 * 1024
      ? `${Math.ceil(result.bytes / 1024)} KiB`
      : `${(result.bytes / 1024 / 1024).toFixed(1)} MiB`;
  console.info(`${result.file} (${size})`);
  console.info(describeCounts(result.counts));
  const secrets = generatedSecrets(config);
  if (secrets.length) {
    console.info(
      `Not in the backup: ${secrets.join(', ')} (generated keys). Badges already sent verify only with that badge ` +
        'key: keep a copy of DATA_DIR/secrets apart from the backups, or set BADGE_PRIVATE_KEY and JWT_SECRET.',
    );
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
