import { MigrationInterface, QueryRunner } from 'typeorm';
import { RECORD_READ_WITH_WINDOW_SUMMARIES } from './1766100000000-read-window-summaries';

/**
 * A reader whose window is full is refused without the per-reader lock
 * (issue 28: "a bot hammering one visitor id must not slow the other
 * readers", and its own parallel reads must not queue).
 *
 * Until now every read that was not an "already read" took the reader's
 * advisory lock and its summary row's lock, so sixteen parallel reads of a
 * visitor at its limit were refused one after another. A refusal needs no
 * lock when the summary alone proves it: the summary counts from at or
 * before the window's start (`counted_since <= start`), none of its reads
 * has left the window (`oldest_read_at > start`), and it holds at least
 * `limit` reads. Reads are only added under the lock, the sign-in merge only
 * adds, and pruning removes only reads that left the window, so while those
 * three hold the window cannot hold fewer: the locked path would refuse
 * too, and would write nothing. The content was probed just before ("already
 * read" is answered first, as before). Any other case takes the lock as
 * before.
 *
 * A light reader gets no summary row: a summary is written first when the
 * reader's window holds `LEAST(limit, 16)` reads (a full window of a small
 * allowance, or a heavy reader of a large one), and kept up to date from
 * then on as before. Until then the locked path counts the window itself,
 * at most 16 index entries, so most readers (a few reads a day) cost one
 * insert per read instead of two. A missing summary was always allowed (a
 * merge or a pruning drops it); the invariant of an existing one is
 * unchanged.
 */
/** The window holds this many reads (or the whole allowance, if smaller) before its summary is first written. */
export const SUMMARY_FROM_READS = 16;

const LOCK_TAKEN = '        PERFORM paywall_reader_lock(p_vendor, p_paywall, p_reader);\n';
const REFUSED_WITHOUT_LOCK = `        SELECT w.reads INTO v_reads FROM paywall_read_windows w
         WHERE w.vendor_id = p_vendor AND w.paywall_id = p_paywall AND w.reader_key = p_reader
           AND w.counted_since <= p_window_start AND w.oldest_read_at > p_window_start AND w.reads >= p_limit;
        IF FOUND THEN
          RETURN QUERY SELECT 'limitReached'::text, LEAST(v_reads, greatest(p_limit, 0));
          RETURN;
        END IF;
${LOCK_TAKEN}`;

const SUMMARY_WRITTEN = '        IF v_since IS DISTINCT FROM v_was_since OR v_reads IS DISTINCT FROM v_was_reads THEN\n';
const SUMMARY_WRITTEN_ONCE_WORTH_IT = `        IF (v_found AND (v_since IS DISTINCT FROM v_was_since OR v_reads IS DISTINCT FROM v_was_reads))
           OR (NOT v_found AND v_reads >= LEAST(greatest(p_limit, 0), ${SUMMARY_FROM_READS})) THEN
`;

/** `functionSql` with `anchor` (there exactly once) replaced by `replacement`. */
function replacedOnce(functionSql: string, anchor: string, replacement: string): string {
  if (functionSql.split(anchor).length !== 2) throw new Error(`paywall_record_read: expected exactly one ${JSON.stringify(anchor.trim())}`);
  return functionSql.replace(anchor, replacement);
}

const withLockFreeRefusal = (functionSql: string): string =>
  replacedOnce(replacedOnce(functionSql, LOCK_TAKEN, REFUSED_WITHOUT_LOCK), SUMMARY_WRITTEN, SUMMARY_WRITTEN_ONCE_WORTH_IT);

export class FullWindowRefusedWithoutLock1766700000000 implements MigrationInterface {
  name = 'FullWindowRefusedWithoutLock1766700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(withLockFreeRefusal(RECORD_READ_WITH_WINDOW_SUMMARIES));
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(RECORD_READ_WITH_WINDOW_SUMMARIES);
  }
}
