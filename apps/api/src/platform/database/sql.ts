import { DataSource, EntityManager } from 'typeorm';
import { managerOf } from './transaction';

/**
 * Runs one SQL statement and answers its rows, whatever the command
 * (TypeORM's plain `query` wraps UPDATE/DELETE results in a pair).
 */
export async function sqlRows<T>(
  db: DataSource | EntityManager,
  text: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const manager = db instanceof DataSource ? managerOf(db) : db;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(text, parameters, true);
    return result.records as T[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/** Upper bound of rows one reader listing reads: a reader with more sees the newest ones. */
export const READER_LIST_LIMIT = 500;
