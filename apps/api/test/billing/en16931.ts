import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The official CEN EN 16931 UBL validation rules (fixtures/en16931, EUPL 1.2,
 * unchanged) run with SaxonJS (the `xslt3` package). The stylesheet is
 * compiled to a SEF file once and cached in the temp folder under the hash
 * of the stylesheet and the xslt3 version, so a test run compiles it at
 * most once (about 40 s) and later runs reuse it.
 */
const XSLT = join(__dirname, 'fixtures', 'en16931', 'EN16931-UBL-validation.xslt');
const xslt3Dir = dirname(require.resolve('xslt3/package.json'));

interface SaxonJs {
  transform(options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' }, mode?: 'sync'): { principalResult: string };
}
// saxon-js has no types; it comes with xslt3.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SaxonJS = require(require.resolve('saxon-js', { paths: [xslt3Dir] })) as SaxonJs;

/** The compiled rules' path, compiling them when no cached copy exists. */
export function compiledRules(): string {
  const version = (JSON.parse(readFileSync(join(xslt3Dir, 'package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(readFileSync(XSLT)).update(version).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'kiosk-en16931');
  const sef = join(dir, `en16931-${hash}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(dir, { recursive: true });
  const partial = `${sef}.${process.pid}.tmp`;
  execFileSync(process.execPath, [join(xslt3Dir, 'xslt3.js'), `-xsl:${XSLT}`, `-export:${partial}`, '-nogo'], { stdio: 'pipe' });
  renameSync(partial, sef);
  return sef;
}

export interface FailedAssertion {
  readonly id: string;
  readonly flag: string;
  readonly location: string;
  readonly text: string;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Every failed assertion (fatal and warning) of the rules on one UBL document. */
export function validateUbl(sef: string, xml: string): FailedAssertion[] {
  const { principalResult: svrl } = SaxonJS.transform({ stylesheetFileName: sef, sourceText: xml, destination: 'serialized' }, 'sync');
  return [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map((m) => ({
    id: attribute(m[1], 'id'),
    flag: attribute(m[1], 'flag'),
    location: unescape(attribute(m[1], 'location')),
    text: unescape(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2])?.[1]?.trim() ?? ''),
  }));
}

/** The fatal assertions, one line each (`BR-61: text`), for a readable failure. */
export const fatalOf = (failed: readonly FailedAssertion[]) => failed.filter((f) => f.flag === 'fatal').map((f) => `${f.id}: ${f.text}`);
