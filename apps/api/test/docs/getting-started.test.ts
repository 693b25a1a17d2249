import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, launchChromium } from '../support/chromium';
import { go } from '../portal/portal-page-checks';
import { onRealPostgres } from '../support/harness';

/**
 * docs/getting-started.md, run as written: the built service on a fresh
 * embedded database (as `npm start` runs it), then every shell block of
 * steps 2 to 7 in bash, with the doc's `localhost:3000` moved to a free port
 * and `npm run kiosk --` calling the same program directly. Each `# ...`
 * line under a command is what the doc promises it prints (`…` stands for
 * an id); they must appear in the output, in order.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'getting-started.md'), 'utf8');
const KIOSK = join(ROOT, 'apps', 'api', 'bin', 'kiosk.js');
const hasTools = ['bash', 'curl', 'jq'].every((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
// The doc is about the embedded database; the PostgreSQL run of the suite has nothing to add.
const run = onRealPostgres() || !hasTools ? describe.skip : describe;

interface Step {
  title: string;
  script: string;
  promised: string[];
}

/** The `## N.` sections of the doc with their sh blocks and the output lines they promise. */
function steps(): Step[] {
  const sections = DOC.split(/^## /m).slice(1);
  return sections
    .filter((s) => /^\d+\./.test(s))
    .map((section) => {
      const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
      const script = blocks.join('\n');
      return {
        title: section.split('\n')[0],
        script,
        promised: script
          .split('\n')
          .filter((line) => line.startsWith('# '))
          .map((line) => line.slice(2)),
      };
    });
}

/** The environment of a terminal on a fresh machine: none of the test run's settings. */
function terminal(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(NODE_ENV|DATABASE_URL|TEST_DATABASE_URL|KIOSK_|JEST_)/.test(name)) delete env[name];
  return { ...env, ...extra };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A promised line as a pattern: `…` is any run of characters, the rest is literal. */
const pattern = (line: string) => new RegExp(`^${line.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`);

run('docs/getting-started.md, run as written', () => {
  let dataDir: string;
  let workDir: string;
  let port: number;
  /** The embedded database's port of this run, never the default 5499, so the test passes while `npm start` runs. */
  let databasePort: number;
  let service: ChildProcess;
  let serviceLog = '';

  const bash = (script: string) =>
    execFileSync('bash', ['-c', `set -euo pipefail\n${script}`], {
      cwd: workDir,
      // KIOSK_TMP: the guide's files, kept for step 7 (which runs in a shell of its own).
      env: terminal({ DATA_DIR: dataDir, PORT: String(port), EMBEDDED_DB_PORT: String(databasePort), KIOSK_BUILD: 'never', LOG_LEVEL: 'warn', KIOSK_TMP: workDir }),
      encoding: 'utf8',
      timeout: 120_000,
    });
  const asWritten = (script: string) =>
    script.replaceAll('http://localhost:3000', `http://localhost:${port}`).replace(/npm run (--silent )?kiosk --/g, `node ${KIOSK}`);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kiosk-getting-started-data-'));
    workDir = mkdtempSync(join(tmpdir(), 'kiosk-getting-started-'));
    port = await freePort();
    databasePort = await freePort();
    // The built program, as `npm start` leaves it (built here when this checkout has no build yet).
    execFileSync(process.execPath, [KIOSK, '--help'], { cwd: ROOT, stdio: 'ignore', timeout: 300_000 });
    service = spawn(process.execPath, [join(ROOT, 'apps', 'api', 'dist', 'main.js')], {
      cwd: workDir,
      env: terminal({ DATA_DIR: dataDir, PORT: String(port), EMBEDDED_DB_PORT: String(databasePort), LOG_LEVEL: 'warn' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout?.on('data', (chunk: Buffer) => (serviceLog += chunk.toString()));
    service.stderr?.on('data', (chunk: Buffer) => (serviceLog += chunk.toString()));
    for (let i = 0; ; i += 1) {
      const ready = await fetch(`http://localhost:${port}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) break;
      if (i > 240 || service.exitCode !== null) throw new Error(`the service did not get ready:\n${serviceLog}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 360_000);

  afterAll(async () => {
    if (service && service.exitCode === null) {
      const exited = new Promise((resolve) => service.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  });

  it('has the steps it promises', () => {
    expect(steps().map((s) => s.title)).toEqual([
      '1. Run Kiosk',
      '2. Get an API key for your server',
      '3. Exchange the key for a token',
      '4. Sell a subscription to a reader',
      '5. Act as the reader',
      '6. The reader pays',
      '7. The reader reads',
      '8. Run the business in the portal',
    ]);
  });

  it('writes no file into the repository', () => {
    for (const step of steps()) expect(step.script).not.toMatch(/(>|tee) +[\w.-]+\.json/);
  });

  it('takes a reader from a fresh start to an entitlement they have paid for, printing what the doc says', () => {
    const [, ...rest] = steps(); // step 1 (clone, install, start) is what beforeAll did
    const before = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
    const portal = rest.pop()!;
    const reading = rest.pop()!;
    // One shell for steps 2 to 6: later steps use the variables and files of earlier ones.
    const output = bash(asWritten(rest.map((s) => s.script).join('\n'))).split('\n');
    let at = 0;
    for (const promised of rest.flatMap((s) => s.promised)) {
      const found = output.findIndex((line, i) => i >= at && pattern(promised).test(line));
      expect({ promised, found: found >= 0 ? output[found] : output }).toEqual({ promised, found: expect.stringMatching(pattern(promised)) });
      at = found + 1;
    }
    // Step 7: the worker grants the entitlement in the background; the doc says to ask again until it is there.
    // The reader's token is step 5's.
    const setUp = asWritten(rest[3].script.split('\n').filter((line) => line.startsWith('READER')).join('\n'));
    let answer = '';
    for (let i = 0; i < 20; i += 1) {
      answer = bash(`${setUp}\n${asWritten(reading.script)}`).trim();
      if (answer !== '[]') break;
      execFileSync('sleep', ['0.5']);
    }
    expect(answer).toMatch(pattern(reading.promised[0]));
    // Step 8: the team's commands, in a shell of their own.
    const staffOutput = bash(asWritten(portal.script)).split('\n');
    for (const promised of portal.promised) expect(staffOutput).toContainEqual(expect.stringMatching(pattern(asWritten(promised))));
    // The guide left nothing in the repository.
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' })).toBe(before);
  }, 300_000);

  (existsSync(CHROMIUM) ? it : it.skip)(
    "opens the portal from the link `npm start` printed, signed in as the demo owner, who finds the paying reader by e-mail and refunds half; the reader sees it",
    async () => {
      // The first start printed the demo owner's one-time link (docs/getting-started.md step 8).
      expect(serviceLog).toContain('Demo staff login: staff@demo.localhost');
      const link = /(http:\/\/localhost:\d+\/auth\/[\w-]+\/staff-link\?code=[\w-]{43})/.exec(serviceLog)![1];
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await page.goto(link);
        await page.click('#open-portal');
        await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
        await go(page, 'Readers', 390);
        await page.fill('#reader-search', 'reader@example.com');
        await page.getByRole('button', { name: 'Search' }).click();
        await page.locator('#readers a', { hasText: 'reader@example.com' }).click();
        await page.locator('#r-contracts').waitFor();
        expect(await page.textContent('main')).toContain('Alva');
        // Half the payment back: the refund row, and the credit note for it.
        await page.getByRole('button', { name: /^Refund the payment of 1[\s\u00a0\u202f]?188,00/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
        await dialog.getByLabel('Amount to refund (SEK)').fill('594');
        await dialog.getByRole('button', { name: 'Confirm refund' }).click();
        await page.locator('#refund-message', { hasText: /594,00.kr refunded\./ }).waitFor();
        await page.locator('#transactions tbody tr', { hasText: 'refund' }).first().waitFor();
        await page.getByRole('button', { name: /^Credit note \d+ \(PDF\)/ }).waitFor();
        // The reader's own account says so: the refund among the reader's transactions, the credit note among the documents.
        const seen = bash(
          asWritten(
            'READER_ID=$(jq -r .userId "$KIOSK_TMP/contract.json")\n' +
              'READER=$(npm run --silent kiosk -- staff:token --vendor demo --user "$READER_ID" 2>/dev/null | jq -r .accessToken)\n' +
              'curl -s http://localhost:3000/transactions -H "Authorization: Bearer $READER" | jq -c \'[.[] | {isRefund, amount}] | sort_by(.isRefund)\'\n' +
              'BILL_ID=$(curl -s http://localhost:3000/bills -H "Authorization: Bearer $READER" | jq -r \'.[0].id\')\n' +
              'curl -s -o /dev/null -w "%{http_code} %{content_type}\\n" "http://localhost:3000/bills/$BILL_ID/receipt?kind=CREDIT_NOTE" -H "Authorization: Bearer $READER"',
          ),
        ).trim();
        expect(seen.split('\n')).toEqual(['[{"isRefund":false,"amount":1188},{"isRefund":true,"amount":594}]', '200 application/pdf']);
        // Spent: the same link again is refused, with the way to sign in instead.
        const again = await browser.newPage();
        await again.goto(link);
        await again.click('#open-portal');
        await again.locator('#portal-sign-in').waitFor();
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
