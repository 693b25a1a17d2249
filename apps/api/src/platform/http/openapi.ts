import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { ResponseSpec, RouteSpec } from './routes';

type Schema = Record<string, unknown>;

const PROBLEM_SCHEMA: Schema = {
  type: 'object',
  description: 'RFC 9457 problem details; validation failures list the fields under `errors`.',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string', description: 'Stable machine-readable code, e.g. CONTRACT.NOT_CONFIRMABLE' },
    requestId: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, messages: { type: 'array', items: { type: 'string' } } } },
    },
  },
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function responseSchema(schema: ResponseSpec['schema']): Schema | undefined {
  if (!schema) return undefined;
  if (Array.isArray(schema)) return { type: 'array', items: ref(schema[0].name) };
  if (typeof schema === 'function') return ref(schema.name);
  return schema;
}

/**
 * The OpenAPI 3.1 document, generated from the route declarations and the
 * class-validator DTOs the routes validate with.
 */
export function buildOpenApiDocument(routes: RouteSpec[], info: { title: string; version: string; serverUrl: string }) {
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
  }) as Record<string, Schema>;
  const paths: Record<string, Record<string, unknown>> = {};

  for (const r of routes) {
    const parameters: Schema[] = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (r.query) {
      const query = schemas[r.query.name] ?? { properties: {} };
      const required = (query.required as string[] | undefined) ?? [];
      for (const [name, schema] of Object.entries((query.properties as Record<string, Schema>) ?? {})) {
        parameters.push({ name, in: 'query', required: required.includes(name), schema });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(r.responses)) {
      const schema = responseSchema(spec.schema);
      responses[status] = {
        description: spec.description,
        ...(schema ? { content: { [spec.contentType ?? 'application/json']: { schema } } } : {}),
      };
    }
    if (!r.rawErrors) {
      responses.default = {
        description: 'Problem details',
        content: { 'application/problem+json': { schema: ref('Problem') } },
      };
    }
    paths[r.path] ??= {};
    paths[r.path][r.method] = {
      operationId: r.operationId,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      ...(r.deprecated ? { deprecated: true } : {}),
      tags: r.tags,
      security:
        r.auth.kind === 'none'
          ? []
          : r.auth.kind === 'reader'
            ? [{ bearer: [] }, { visitorBasic: [] }]
            : [{ bearer: r.auth.kind === 'bearer' && r.auth.scope ? [r.auth.scope] : [] }],
      ...(r.auth.kind === 'bearer' && r.auth.scope ? { 'x-required-scope': r.auth.scope } : {}),
      parameters,
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { [r.body.contentType ?? 'application/json']: { schema: ref(r.body.dto.name) } },
            },
          }
        : {}),
      ...(r.textBody
        ? {
            requestBody: {
              required: false,
              description: r.textBody.description,
              content: { 'text/plain': { schema: { type: 'string', description: `at most ${r.textBody.maxBytes} bytes` } } },
            },
          }
        : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: 'Kiosk: content monetisation for publishers. Errors answer RFC 9457 problem details.',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { ...schemas, Problem: PROBLEM_SCHEMA },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        visitorBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'Anonymous visitors: user name the browser client id, password the visitor id',
        },
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A readable, dependency-free reference page rendered from the document. */
export function renderReferencePage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Record<string, unknown> })),
  );
  const rows = operations
    .map(({ path, method, op }) => {
      const scope = op['x-required-scope'] ? `scope <code>${escapeHtml(String(op['x-required-scope']))}</code>` : '';
      const auth = (op.security as unknown[]).length ? `bearer token ${scope}` : 'no authentication';
      const statuses = Object.keys(op.responses as object).join(', ');
      return `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td>
<td>${escapeHtml(String(op.summary))}<br><small>${auth}; answers ${statuses}</small></td></tr>`;
    })
    .join('\n');
  const schemas = Object.entries(document.components.schemas)
    .map(([name, schema]) => `<h3 id="${name}">${name}</h3><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top}
.m{font-weight:bold;font-family:monospace}.get{color:#0a7}.post{color:#06c}.put,.patch{color:#a60}.delete{color:#c22}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;font-size:.8rem}</style></head><body>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description)} The machine-readable document is at <a href="/openapi.json">/openapi.json</a>.</p>
<h2>Operations</h2><table>${rows}</table><h2>Schemas</h2>${schemas}</body></html>`;
}
