#!/usr/bin/env node
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: it runs before anything is built */
// The `kiosk` command line (`npm run kiosk -- ...`). It runs the built
// program (apps/api/dist/cli/kiosk.js) and builds it only when the build is
// missing or older than a source file, instead of compiling on every call.
// KIOSK_BUILD=never runs whatever is built (deployments without sources);
// KIOSK_BUILD=always rebuilds first.

const { execFileSync } = require('node:child_process');
const { readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const api = join(__dirname, '..');
const root = join(api, '..', '..');
const built = join(api, 'dist', 'cli', 'kiosk.js');
// Written after each build made here; `tsc -b` rewrites only what changed, so the program's own file can stay old.
const stamp = join(api, 'dist', '.kiosk-built');
const buildInfo = join(api, 'tsconfig.tsbuildinfo');
const sources = [join(api, 'src'), join(root, 'packages', 'domain', 'src')];
const configs = [join(api, 'tsconfig.json'), join(root, 'packages', 'domain', 'tsconfig.json'), join(root, 'tsconfig.base.json')];

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** The newest modification time of the TypeScript sources (and build settings) under `dirs`. */
function newestSource(dirs, files) {
  let newest = Math.max(-1, ...files.map(mtime));
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, mtime(path));
    }
  };
  dirs.forEach(walk);
  return newest;
}

/** Why a build is needed, or null when the built program can run as it is. */
function buildNeeded({ mode = process.env.KIOSK_BUILD, program = built, marks = [stamp, buildInfo], dirs = sources, files = configs } = {}) {
  if (mode === 'always') return 'KIOSK_BUILD=always';
  if (mtime(program) < 0) return mode === 'never' ? null : 'no build yet';
  if (mode === 'never') return null;
  const builtAt = Math.max(mtime(program), ...marks.map(mtime));
  return newestSource(dirs, files) > builtAt ? 'sources changed since the last build' : null;
}

function main() {
  const why = buildNeeded();
  if (why) {
    process.stderr.write(`kiosk: building (${why})...\n`);
    try {
      execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-b', 'packages/domain', 'apps/api'], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
    } catch {
      process.stderr.write('kiosk: the build failed (see above); fix it or run `npm run build`\n');
      process.exit(1);
    }
    writeFileSync(stamp, `${new Date().toISOString()}\n`);
  }
  if (mtime(built) < 0) {
    process.stderr.write(`kiosk: ${built} is missing; run \`npm run build\`\n`);
    process.exit(1);
  }
  require(built).run(process.argv);
}

if (require.main === module) main();

module.exports = { buildNeeded, newestSource };
