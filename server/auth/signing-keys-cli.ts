/**
 * `npm run signing-keys -- list | add | sign-with-newest | remove-old`: the embedded provider's
 * signing keys and their rotation (signing-keys.ts), with the portal's configuration from the
 * environment, as `npm start` reads it. The embedded database is one process's: stop the portal first.
 */
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { portalAnswers } from '../db/embedded-in-use';
import { migrationsAreApplied } from '../db/migration-state';
import { describeSigningKeys, rotateSigningKeys, ROTATION_STEPS, SigningKeyRotationRefused, type RotationStep } from './signing-keys';

const isStep = (command: string | undefined): command is RotationStep => ROTATION_STEPS.some((step) => step === command);

async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  if (command !== 'list' && !isStep(command)) {
    process.stderr.write(`Usage: npm run signing-keys -- ${['list', ...ROTATION_STEPS].join(' | ')}   (docs/OPERATIONS.md, "Changing a secret")\n`);
    process.exit(2);
  }
  const config = loadConfig();
  if (config.databaseUrl === undefined && (await portalAnswers(config))) {
    process.stderr.write(`The portal answers on port ${String(config.port)}: stop it first, since the embedded database is one process's.\n`);
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    if (!(await migrationsAreApplied(database.db).catch(() => false))) {
      throw new SigningKeyRotationRefused('This database is not set up for this version of the portal: start the portal once (npm start), then run this again.');
    }
    const said = command === 'list' ? await describeSigningKeys(database.db) : await rotateSigningKeys(database.db, command);
    process.stdout.write(`${said}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof SigningKeyRotationRefused || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The signing keys could not be changed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
