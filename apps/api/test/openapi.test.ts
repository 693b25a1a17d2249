import { registeredRoutes } from '../src/platform/http/app';
import { startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('OpenAPI', () => {
  it('documents every route Express has registered, with its method', async () => {
    const res = await app.http.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(res.body.paths as Record<string, object>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m} ${path}`),
      ),
    );
    const registered = registeredRoutes(app.runtime.app).map(
      (r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(registered.length).toBeGreaterThan(10);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((d) => !registered.includes(d))).toEqual([]);
  });

  it('describes request bodies with the DTO schemas the routes validate with', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const create = doc.paths['/management/api-keys'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateApiKeyBody' });
    expect(doc.components.schemas.CreateApiKeyBody.required).toEqual(['name']);
    expect(doc.components.schemas.CreateApiKeyBody.properties.role.enum).toEqual(['read', 'full']);
    expect(doc.paths['/management/products'].get['x-required-scope']).toBe('products:read');
  });

  it('names the credentials of each operation, its section and its error answers', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const schemes = doc.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(['apiKeyToken', 'cookieSession', 'userToken', 'visitorBasic']);
    expect(schemes.apiKeyToken.flows.clientCredentials.scopes).toHaveProperty('products:read');
    expect(doc.paths['/management/products'].get.security).toEqual([{ apiKeyToken: ['products:read'] }, { userToken: [] }, { cookieSession: [] }]);
    expect(doc.paths['/contracts'].get.security).toEqual([{ userToken: [] }, { cookieSession: [] }]);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/contracts'].get.tags).toEqual(['Contracts']);
    expect(doc.paths['/management/products'].get.tags).toEqual(['Catalog (management)']);
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('Engagement');
    // A reference that reads as a manual: every section says what it is for, one section per concept.
    const tags = doc.tags as { name: string; description: string }[];
    expect(tags.filter((t) => /^The .* routes\.$/.test(t.description)).map((t) => t.name)).toEqual([]);
    expect(doc.paths['/checkouts'].post.tags).toEqual(['Checkout']);
    expect(doc.paths['/checkout/{vendorId}/{id}'].get.tags).toEqual(['Checkout']);
    expect(doc.paths['/management/users/{userId}'].get.tags).toEqual(['Readers (management)']);
    expect(doc.paths['/contracts/{id}'].get.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(doc.components.responses.Unauthorized.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((m) => Object.values(m).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves a readable reference page and answers unknown routes with a problem', async () => {
    const page = await app.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('/docs/assets/swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const bundle = await app.http.get('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect((await app.http.get('/docs/assets/package.json')).status).toBe(404);
    const missing = await app.http.get('/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'ROUTE.NOT_FOUND', status: 404 });
  });

  it('answers health and readiness', async () => {
    expect((await app.http.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await app.http.get('/readyz')).body).toEqual({ status: 'ready' });
    const res = await app.http.get('/healthz').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const hostile = await app.http.get('/healthz').set('X-Request-Id', '<script>');
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });
});
