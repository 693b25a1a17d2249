// Lints an OpenAPI document (read as JSON from standard input) with
// Redocly's `recommended` ruleset and prints the problems as JSON. A child
// process, because @redocly/openapi-core is an ES module that jest's
// CommonJS module system does not load.
import { createConfig, lintFromString } from '@redocly/openapi-core';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: Buffer.concat(chunks).toString('utf8'), absoluteRef: 'openapi.json', config });
process.stdout.write(
  JSON.stringify(
    problems.map((p) => ({
      rule: p.ruleId,
      severity: p.severity,
      message: p.message,
      where: p.location?.[0]?.pointer,
    })),
  ),
);
