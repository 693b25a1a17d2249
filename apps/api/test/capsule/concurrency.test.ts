import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { fixture, interopVendor, ManifestFixture, renderedAt, requestFrom } from './support';

// PGlite is one session: races are only proven on a real PostgreSQL.
const itOnPostgres = onRealPostgres() ? it : it.skip;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('share-token maxUses under concurrency', () => {
  itOnPostgres('20 parallel unlocks with a maxUses 5 token succeed exactly 5 times', async () => {
    const ecdh = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json');
    const token = fixture<{ tokens: { contentNames: string } }>('js-rendered-share-tokens.json').tokens.contentNames;
    const vendor = await interopVendor(app);
    app.clock.set(renderedAt(ecdh.manifest));
    const request = {
      resourceJWT: ecdh.manifest.resourceJWT,
      keys: requestFrom(ecdh.manifest), // as the browser sends it; the token is answered with the content key
      shareToken: token,
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => vendor.unlock(request).then((r) => r)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    expect(new Set(answers.filter((r) => r.status === 403).map((r) => r.body.code))).toEqual(new Set(['CAPSULE.SHARE_TOKEN.USED_UP']));
  });
});
