type Json = Record<string, unknown>;

/** One operation of an OpenAPI document, as the fuzzer (fuzz-requests.ts) needs it. */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: string[];
  query: { name: string; schema: Json }[];
  body?: { contentType: string; schema: Json | null };
  textBody: boolean;
  /** `scoped`: an API key's token; `user`: a signed-in user's; `none`: no authentication. */
  auth: 'scoped' | 'user' | 'none';
  /** Errors answer problem+json (false for the token endpoint's RFC 6749 bodies). */
  problemErrors: boolean;
  /** A page for browsers (an answer is text/html): its errors may be HTML pages too. */
  htmlPage: boolean;
}

/** Every operation of an OpenAPI 3.1 document as the fuzzer needs it. */
export function operationsOf(document: Json): Operation[] {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const resolve = (schema: Json | undefined): Json | null => {
    const ref = schema?.$ref;
    return typeof ref === 'string' ? (schemas[ref.replace('#/components/schemas/', '')] ?? null) : (schema ?? null);
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { name: string; in: string; schema: Json }[];
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json }>;
      const [contentType] = Object.keys(content);
      const security = (op.security ?? []) as unknown[];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: contentType && contentType !== 'text/plain' ? { contentType, schema: resolve(content[contentType].schema) } : undefined,
        textBody: contentType === 'text/plain',
        auth: security.length === 0 ? 'none' : op['x-required-scope'] ? 'scoped' : 'user',
        problemErrors: (op.responses as Json | undefined)?.default !== undefined,
        // Pages for browsers, and the browser routes under /auth/ (DESIGN.md 4: they negotiate, HTML for a browser).
        htmlPage:
          path.startsWith('/auth/') ||
          Object.values((op.responses ?? {}) as Record<string, { content?: Json }>).some((r) => r.content?.['text/html'] !== undefined),
      });
    }
  }
  return operations;
}

