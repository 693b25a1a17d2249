import { resolve } from 'node:path';
import { Command } from 'commander';
import { loadConfig } from '../config';
import { createLogger } from '../platform/logger';
import { migrate, openDatabase } from '../platform/database/open-database';
import { readBackup, restoreBackup, writeBackup } from '../platform/database/backup';

/**
 * `kiosk backup FILE` and `kiosk restore FILE` (docs/operations.md,
 * "Backups"). A backup reads the database in one statement, through the
 * running service's port when a Kiosk has the embedded database open, so it
 * is consistent while the service serves. A restore opens the database
 * itself: it is refused (exit 75) while a Kiosk has the embedded database
 * open, so stop the service first.
 */
export function registerBackupCommands(program: Command, print: (result: unknown) => void): void {
  const open = async (shareRunningEmbedded: boolean) => {
    const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
    return openDatabase(config, createLogger(config.logLevel), { shareRunningEmbedded });
  };

  program
    .command('backup')
    .description('write every row of the database to FILE (gzipped JSON), consistently, also while the service runs')
    .argument('<file>', 'the backup file to write (replaced when it exists)')
    .action(async (file: string) => {
      const database = await open(true);
      try {
        print(await writeBackup(database.db, resolve(file)));
      } finally {
        await database.close();
      }
    });

  program
    .command('restore')
    .description("replace every row of the database with FILE's (a backup of the same Kiosk version); the service must be stopped")
    .argument('<file>', 'a file written by kiosk backup')
    .action(async (file: string) => {
      const backup = await readBackup(resolve(file));
      const database = await open(false);
      try {
        await migrate(database);
        print({ file: resolve(file), createdAt: backup.createdAt, ...(await restoreBackup(database.db, backup)) });
      } finally {
        await database.close();
      }
    });
}
