import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface LintProblem {
  rule: string;
  severity: 'error' | 'warn';
  message: string;
  where?: string;
}

function lint(document: unknown): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'support', 'lint-openapi.mjs')], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as LintProblem[]),
    );
    child.stdin!.end(JSON.stringify(document));
  });
}

describe('the OpenAPI document under a linter', () => {
  it("passes Redocly's recommended rules without errors (warnings are counted)", async () => {
    const document = (await app.http.get('/openapi.json')).body;
    const problems = await lint(document);
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    const byRule = warnings.reduce<Record<string, number>>((counts, p) => ({ ...counts, [p.rule]: (counts[p.rule] ?? 0) + 1 }), {});
    // The count is in the test output so the lead can follow it down.
    // eslint-disable-next-line no-console -- the count belongs in the test output
    console.info(`OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings ${JSON.stringify(byRule)}`);
    const operations = Object.values(document.paths as Record<string, Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>>).flatMap((m) => Object.values(m));
    const withExample = operations.filter((op) =>
      Object.entries(op.responses).some(([status, answer]) => /^2/.test(status) && Object.values(answer.content ?? {}).some((c) => c.example !== undefined)),
    );
    // eslint-disable-next-line no-console -- the count belongs in the test output
    console.info(`OpenAPI examples: ${withExample.length} of ${operations.length} operations have an example answer`);
    expect(errors).toEqual([]);
    // A worked example that does not match its schema misleads whoever copies it.
    expect(problems.filter((p) => p.rule === 'no-invalid-media-type-examples' && !p.where?.includes('/components/'))).toEqual([]);
  }, 120_000);
});
