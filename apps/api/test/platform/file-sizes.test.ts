import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Rooms a reader can hold in their head (issue 30): no file of ours over 400
 * lines, tests included. Migrations are history and fixtures are data, so they
 * are left out; the lint rule `max-lines` says the same of the sources as one
 * edits them, this test lists every file that breaks it, in one place.
 */
const ROOT = join(__dirname, '../../../..');
const MAX_LINES = 400;
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_OURS_TO_SPLIT = [/\/migrations\//, /\/fixtures\//];

describe('file sizes', () => {
  it(`no source or test file is over ${MAX_LINES} lines`, () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    const code = tracked.filter((file) => CODE.test(file) && !NOT_OURS_TO_SPLIT.some((pattern) => pattern.test(file)));
    expect(code.length).toBeGreaterThan(500);
    const over = code
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
