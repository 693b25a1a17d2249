import { ErasureSubject } from '@kiosk/domain';
import { scrubJson, scrubText } from '@kiosk/domain/engagement';
import { EntityManager } from 'typeorm';
import { sqlRows } from './sql';

/** Whether a table exists (erasers of optional or newer tables stay safe before their migration). */
export async function tableExists(manager: EntityManager, table: string): Promise<boolean> {
  const [row] = await sqlRows<{ found: boolean }>(manager, `SELECT to_regclass($1) IS NOT NULL AS found`, [table]);
  return row.found;
}

export interface ScrubTarget {
  table: string;
  /** Columns that identify a row. */
  keys: string[];
  column: string;
  kind: 'json' | 'text';
}

/**
 * Rewrites one column of the vendor's rows that mention the subject (their
 * e-mail, names or user id) with the domain's scrubbers: parties keep their
 * id and lose e-mail and names; free text loses them too.
 */
export async function scrubColumn(manager: EntityManager, target: ScrubTarget, subject: ErasureSubject): Promise<number> {
  const needles = [subject.email, subject.userId, [subject.firstName, subject.lastName].filter(Boolean).join(' ')]
    .filter((s) => s.length >= 2)
    .map((s) => s.toLowerCase());
  const rows = await sqlRows<Record<string, unknown>>(
    manager,
    `SELECT ${target.keys.join(', ')}, ${target.column}::text AS "value" FROM ${target.table}
      WHERE vendor_id = $1 AND EXISTS (SELECT 1 FROM unnest($2::text[]) n WHERE strpos(lower(${target.column}::text), n) > 0)`,
    [subject.vendorId, needles],
  );
  let changed = 0;
  for (const row of rows) {
    const before = row.value as string;
    const original = target.kind === 'json' ? JSON.stringify(JSON.parse(before)) : before;
    const after = target.kind === 'json' ? JSON.stringify(scrubJson(JSON.parse(before), subject)) : scrubText(before, subject);
    if (after === original) continue;
    const where = target.keys.map((k, i) => `${k} = $${i + 2}`).join(' AND ');
    await sqlRows(
      manager,
      `UPDATE ${target.table} SET ${target.column} = $1${target.kind === 'json' ? '::jsonb' : ''} WHERE ${where}`,
      [after, ...target.keys.map((k) => row[k])],
    );
    changed += 1;
  }
  return changed;
}
