import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/config';
import { exitWith, kiosk } from '../../src/cli/kiosk';
import { describeEveryOption } from '../../src/cli/option-descriptions';
import { EmbeddedDatabaseInUse } from '../../src/platform/database/embedded-postgres';

// The plain CommonJS launcher that `npm run kiosk` runs.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const launcher = require('../../bin/kiosk.js') as {
  buildNeeded(options: { mode?: string; program: string; marks: string[]; dirs: string[]; files: string[] }): string | null;
};

describe('kiosk --help', () => {
  it('describes every command and every option', () => {
    expect(describeEveryOption(kiosk)).toEqual([]);
    const undescribed = kiosk.commands.flatMap((c) =>
      c.options.filter((o) => !o.description.trim()).map((o) => `${c.name()} ${o.long}`),
    );
    expect(undescribed).toEqual([]);
    expect(kiosk.commands.length).toBeGreaterThan(20);
  });

  it('says what the environment and the exit codes are', () => {
    let help = '';
    kiosk.configureOutput({ writeOut: (text) => void (help += text) });
    kiosk.outputHelp();
    expect(help).toContain('It is never opened twice.');
    expect(help).toContain('75 the embedded database is\nopen in a process this command cannot reach');
  });
});

describe('kiosk exit codes', () => {
  it('75 with a clear message when the embedded database is open elsewhere; 78 for configuration; 1 otherwise', () => {
    expect(exitWith(new EmbeddedDatabaseInUse('the embedded database in /d is open in process 7'))).toEqual({
      code: 75,
      message: 'kiosk: refused: the embedded database in /d is open in process 7',
    });
    expect(exitWith(new ConfigError('PORT must be a whole number'))).toEqual({
      code: 78,
      message: 'kiosk: configuration error: PORT must be a whole number',
    });
    expect(exitWith(new Error('boom'))).toEqual({ code: 1, message: 'kiosk: boom' });
  });
});

describe('the launcher (bin/kiosk.js)', () => {
  let dir: string;
  let paths: { program: string; marks: string[]; dirs: string[]; files: string[] };
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-launcher-'));
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    mkdirSync(join(dir, 'dist'));
    paths = {
      program: join(dir, 'dist', 'kiosk.js'),
      marks: [join(dir, 'dist', '.kiosk-built')],
      dirs: [join(dir, 'src')],
      files: [join(dir, 'tsconfig.json')],
    };
    writeFileSync(join(dir, 'src', 'deep', 'a.ts'), '');
    writeFileSync(join(dir, 'tsconfig.json'), '{}');
    at(join(dir, 'src', 'deep', 'a.ts'), 1_000);
    at(join(dir, 'tsconfig.json'), 1_000);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('builds only when the build is missing or older than a source', () => {
    expect(launcher.buildNeeded(paths)).toBe('no build yet');
    writeFileSync(paths.program, '');
    at(paths.program, 2_000);
    expect(launcher.buildNeeded(paths)).toBeNull(); // built after the sources: run it as it is

    at(join(dir, 'src', 'deep', 'a.ts'), 3_000); // a source changed
    expect(launcher.buildNeeded(paths)).toBe('sources changed since the last build');
    writeFileSync(paths.marks[0], ''); // a build that left the program's own file as it was
    at(paths.marks[0], 4_000);
    expect(launcher.buildNeeded(paths)).toBeNull();

    at(join(dir, 'tsconfig.json'), 5_000); // build settings count too
    expect(launcher.buildNeeded(paths)).toBe('sources changed since the last build');
  });

  it('KIOSK_BUILD=never runs what is built; always rebuilds', () => {
    writeFileSync(paths.program, '');
    at(paths.program, 500);
    expect(launcher.buildNeeded({ ...paths, mode: 'never' })).toBeNull();
    expect(launcher.buildNeeded({ ...paths, mode: 'always' })).toBe('KIOSK_BUILD=always');
  });
});
