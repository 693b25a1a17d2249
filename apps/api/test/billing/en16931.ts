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

const all = (xml: string, path: string) => [...xml.matchAll(new RegExp(`<${path}(?:\\s[^>]*)?>([^<]*)<`, 'g'))].map((m) => m[1].trim());
const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => sum + (i % 2 ? (Number(d) * 2 > 9 ? Number(d) * 2 - 9 : Number(d) * 2) : Number(d)), 0) % 10 === 0;

/**
 * Our own reading of Peppol BIS Billing 3.0's Swedish rules (SE-R-001..013,
 * OpenPeppol) for a Swedish seller, on the parts the service writes: VAT
 * number, organisation number, category S rates and bankgiro/plusgiro. Not
 * the Peppol artefacts themselves; answers the rule ids that fail.
 */
export function swedishRuleFailures(xml: string): string[] {
  const failures: string[] = [];
  const supplier = /<cac:AccountingSupplierParty>([\s\S]*?)<\/cac:AccountingSupplierParty>/.exec(xml)?.[1] ?? '';
  if (!/<cbc:IdentificationCode>SE</.test(supplier)) return failures;
  const vat = /<cac:PartyTaxScheme>\s*<cbc:CompanyID>([^<]*)</.exec(supplier)?.[1];
  if (vat?.startsWith('SE')) {
    if (vat.length !== 14) failures.push('SE-R-001');
    if (!/^\d{12}$/.test(vat.slice(2))) failures.push('SE-R-002');
    for (const tag of ['cac:ClassifiedTaxCategory', 'cac:TaxCategory']) {
      for (const m of xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
        const id = /<cbc:ID>([^<]*)</.exec(m[1])?.[1];
        const percent = Number(/<cbc:Percent>([^<]*)</.exec(m[1])?.[1]);
        if (id === 'S' && ![6, 12, 25].includes(percent)) failures.push('SE-R-006');
      }
    }
  }
  const legal = /<cac:PartyLegalEntity>[\s\S]*?<cbc:CompanyID[^>]*>([^<]*)</.exec(supplier)?.[1];
  if (legal !== undefined) {
    if (!/^\d+$/.test(legal)) failures.push('SE-R-003');
    if (legal.length !== 10) failures.push('SE-R-004');
    if (!luhn(legal)) failures.push('SE-R-013');
  }
  for (const m of xml.matchAll(/<cac:PaymentMeans>([\s\S]*?)<\/cac:PaymentMeans>/g)) {
    const code = all(m[1], 'cbc:PaymentMeansCode')[0];
    const branch = /<cac:FinancialInstitutionBranch>\s*<cbc:ID>([^<]*)</.exec(m[1])?.[1];
    const account = /<cac:PayeeFinancialAccount>\s*<cbc:ID>([^<]*)</.exec(m[1])?.[1] ?? '';
    if (['50', '56'].includes(code)) failures.push('SE-R-011');
    if (code === '30' && branch === 'SE:BANKGIRO' && !/^\d{7,8}$/.test(account)) failures.push('SE-R-008/009');
    if (code === '30' && branch === 'SE:PLUSGIRO' && !/^\d{2,8}$/.test(account)) failures.push('SE-R-007/010');
  }
  return [...new Set(failures)];
}
