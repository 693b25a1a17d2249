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
    expect(errors).toEqual([]);
    // A worked example that does not match its schema misleads whoever copies it.
    expect(problems.filter((p) => p.rule === 'no-invalid-media-type-examples' && !p.where?.includes('/components/'))).toEqual([]);
  }, 120_000);

  it('gives every operation a description, an example answer and examples of what it takes', async () => {
    const document = (await app.http.get('/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    const lacking = operations.map(({ name, op }) => ({ name, missing: missingExamples(op) })).filter((o) => o.missing.length > 0);
    // eslint-disable-next-line no-console -- the count belongs in the test output
    console.info(`OpenAPI examples: ${operations.length - lacking.length} of ${operations.length} operations are complete`);
    expect(lacking.map(({ name, missing }) => `${name}: ${missing.join(', ')}`)).toEqual([]);
  }, 120_000);
});

interface Operation {
  description: string;
  parameters?: { name: string; in: string; required?: boolean; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }>; headers?: Record<string, { example?: unknown }> }>;
}

/**
 * What an operation lacks for a reader to call it from the reference: a
 * description of its own (beyond the generated "Who may call" line), a worked
 * answer (a body, the Location of a redirect, or 204 No Content), an example
 * of every path and required query parameter, and an example request body.
 */
function missingExamples(op: Operation): string[] {
  const missing: string[] = [];
  if (/^\*\*Who may call:\*\*/.test(op.description)) missing.push('description');
  // An operation that is always refused (POST /management/vendors) shows its refusal instead.
  const alwaysRefused = !Object.keys(op.responses).some((status) => /^[23]/.test(status));
  const answered = Object.entries(op.responses).some(
    ([status, answer]) =>
      status === '204' ||
      ((/^[23]/.test(status) || alwaysRefused) &&
        (Object.values(answer.content ?? {}).some((c) => c.example !== undefined) ||
          Object.values(answer.headers ?? {}).some((h) => h.example !== undefined))),
  );
  if (!answered) missing.push('example answer');
  for (const p of op.parameters ?? []) {
    if ((p.in === 'path' || p.required) && p.example === undefined) missing.push(`example ${p.in} parameter ${p.name}`);
  }
  if (op.requestBody && !Object.values(op.requestBody.content).some((c) => c.example !== undefined)) missing.push('example request');
  return missing;
}
