// Bundles the vendor portal with esbuild: one script and one style sheet,
// named by a hash of their content (the service serves them for a year),
// and `dist/manifest.json` that tells the service their names.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist');
const common = { bundle: true, minify: true, sourcemap: false, target: ['es2020'], legalComments: 'none', write: false };

const [script, style] = await Promise.all([
  build({ ...common, entryPoints: [join(here, 'src/main.tsx')], format: 'iife', platform: 'browser', jsx: 'automatic', jsxImportSource: 'preact', outfile: 'portal.js' }),
  build({ ...common, entryPoints: [join(here, 'src/portal.css')], outfile: 'portal.css' }),
]);

mkdirSync(out, { recursive: true });
for (const old of readdirSync(out)) rmSync(join(out, old));
const named = (result, extension) => {
  const { contents } = result.outputFiles[0];
  const name = `portal-${createHash('sha256').update(contents).digest('hex').slice(0, 12)}.${extension}`;
  writeFileSync(join(out, name), contents);
  return name;
};
const manifest = { script: named(script, 'js'), style: named(style, 'css') };
writeFileSync(join(out, 'manifest.json'), JSON.stringify({ ...manifest, files: [manifest.script, manifest.style] }, null, 2) + '\n');
