import { GRANT_IMPORT_MAX_BYTES, GRANT_IMPORT_MAX_ROWS, headerProblems } from '@kiosk/domain/access';
import { parse } from 'csv-parse/sync';
import express, { Request, Response } from 'express';
import { HttpProblem } from '../../platform/http/problem';
import { checkText } from '../../platform/http/text-safety';

const csvText = express.text({ type: 'text/csv', limit: GRANT_IMPORT_MAX_BYTES, defaultCharset: 'utf-8' });

/** The raw `text/csv` body: another media type is 415, more than 5 MB 413 (the body parser's own problem), none 400. */
export async function readCsvBody(req: Request, res: Response): Promise<string> {
  if (!req.is('text/csv')) throw new HttpProblem(415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'the request body must be text/csv');
  await new Promise<void>((resolve, reject) => csvText(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  if (typeof req.body !== 'string' || req.body.trim().length === 0) {
    throw new HttpProblem(400, 'GRANT_IMPORT.EMPTY', 'the CSV has no header row; the first row names the columns');
  }
  checkText(req.body, 'body');
  return req.body;
}

/**
 * The rows of a grant CSV by column name, each with its line in the file as
 * a spreadsheet numbers it (header row 1). A byte-order mark is dropped,
 * blank lines are skipped, cells are trimmed. A file that does not parse as
 * CSV, whose header names unknown, repeated or too few columns, or that has
 * more than 10,000 data rows, is refused as a whole (400, 413).
 */
export function grantCsvRows(text: string): { row: number; values: Record<string, string> }[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: false, info: true }) as never;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'not CSV';
    throw new HttpProblem(400, 'GRANT_IMPORT.MALFORMED_CSV', `the body is not valid CSV: ${message.slice(0, 300)}`);
  }
  if (records.length === 0) throw new HttpProblem(400, 'GRANT_IMPORT.EMPTY', 'the CSV has no header row; the first row names the columns');
  const header = records[0].record;
  const problems = headerProblems(header);
  if (problems.length > 0) {
    throw new HttpProblem(400, 'GRANT_IMPORT.BAD_HEADER', `the header row is not right: ${problems.join('; ')}`, {
      errors: problems.map((message) => ({ field: 'header', message })),
    });
  }
  if (records.length - 1 > GRANT_IMPORT_MAX_ROWS) {
    throw new HttpProblem(413, 'GRANT_IMPORT.TOO_MANY_ROWS', `an import takes at most ${GRANT_IMPORT_MAX_ROWS} rows; split the file`);
  }
  return records.slice(1).map(({ record, info }) => ({
    row: info.lines,
    values: Object.fromEntries(header.map((name, i) => [name, record[i] ?? ''])),
  }));
}
