/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>`, with the portal's configuration
 * (DATABASE_URL, DATA_DIR, STORAGE_DRIVER) from the environment, as `npm start` reads it.
 */
import { ConfigError, loadConfig } from '../config';
import { BackupError, createBackup, restoreBackup } from './backup';

async function main(): Promise<void> {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    process.stderr.write('Usage: npm run backup -- <new folder>   or   npm run restore -- <backup folder>\n');
    process.exit(2);
  }
  const config = loadConfig();
  if (command === 'backup') {
    const manifest = await createBackup(config, folder);
    process.stdout.write(
      `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database (to ${manifest.latestMigration}) ` +
        `${manifest.files === null ? 'without the files: they are in object storage, which keeps its own versions' : `and ${String(manifest.files)} files`} into ${folder}\n`,
    );
  } else {
    const manifest = await restoreBackup(config, folder);
    process.stdout.write(`Restored the backup of ${manifest.createdAt} (${manifest.files === null ? 'database only' : `database and ${String(manifest.files)} files`}). Start the portal: npm start\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The ${process.argv[2] ?? ''} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
