import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Locator, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';

/** Where the screenshots go (look at them after a change of the page). */
const SHOTS = process.env.DOCS_SCREENSHOTS ?? join(tmpdir(), 'kiosk-docs-screenshots');

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

interface Document {
  tags: { name: string }[];
  paths: Record<string, Record<string, { tags?: string[] }>>;
  webhooks: Record<string, Record<string, unknown>>;
}

/** "METHOD path" of every operation block on the page or in a part of it (webhook events show as "POST <event type>"). */
const renderedOperations = (where: Page | Locator) =>
  where.locator('.opblock').evaluateAll((blocks) =>
    blocks.map(
      (block) =>
        `${block.querySelector('.opblock-summary-method')?.textContent?.trim()} ${block.querySelector('.opblock-summary [data-path]')?.getAttribute('data-path')}`,
    ),
  );

describeWithChromium('the /docs reference page in Chromium', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows every section; each section opened (by a click or by its #/Section link) shows its operations', async () => {
    const openapi = (await app.http.get('/openapi.json')).body as Document;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${app.baseUrl}/docs`);
    // Locator waits, not waitForFunction: the page's CSP (script-src 'self') forbids the eval a string predicate needs.
    await page.locator('.opblock-tag').nth(openapi.tags.length - 1).waitFor({ state: 'attached', timeout: 60_000 });
    const sections = await page.$$eval('.opblock-tag', (tags) => tags.map((t) => t.getAttribute('data-tag')));
    expect(sections).toEqual(expect.arrayContaining(openapi.tags.map((t) => t.name)));

    // The webhook events have a list of their own, under the sections.
    const webhookEvents = Object.keys(openapi.webhooks).map((type) => `POST ${type}`);
    expect((await renderedOperations(page.locator('.webhooks'))).sort()).toEqual([...webhookEvents].sort());

    const expectedOf = (tag: string) =>
      Object.entries(openapi.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, op]) => op.tags?.[0] === tag)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    // One page, each section opened and closed in turn (a reload per section takes minutes on a loaded machine).
    for (const tag of openapi.tags.map((t) => t.name)) {
      const expected = expectedOf(tag);
      const header = page.locator(`.opblock-tag[data-tag="${tag}"]`);
      const section = page.locator('.opblock-tag-section', { has: header });
      await header.click();
      await section.locator('.opblock').nth(expected.length - 1).waitFor({ state: 'attached', timeout: 30_000 });
      expect((await renderedOperations(section)).sort()).toEqual([...expected].sort());
      // Opening a section gives it its link.
      expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#/${tag}`);
      await header.click();
    }

    // A section's link opens that section.
    const linked = openapi.tags[openapi.tags.length - 1].name;
    await page.goto(`${app.baseUrl}/docs#/${encodeURIComponent(linked)}`);
    await page.reload();
    const linkedSection = page.locator('.opblock-tag-section', { has: page.locator(`.opblock-tag[data-tag="${linked}"]`) });
    await linkedSection.locator('.opblock').nth(expectedOf(linked).length - 1).waitFor({ state: 'attached', timeout: 30_000 });
    expect((await renderedOperations(linkedSection)).sort()).toEqual([...expectedOf(linked)].sort());
    await page.close();
  }, 180_000);

  it.each([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ])('opens an operation with its description and examples on a %s (%i px), loading nothing from elsewhere', async (name, width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const requests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const answer = await page.goto(`${app.baseUrl}/docs#/Contracts`);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('#operations-Contracts-listMyContracts').waitFor({ timeout: 60_000 });

    // One operation opened: its description, security and an example answer are shown.
    const contract = page.locator('#operations-Contracts-listMyContracts');
    await contract.locator('.opblock-summary-control').click();
    await contract.locator('.responses-wrapper').waitFor();
    const body = await contract.locator('.opblock-body').innerText();
    expect(body).toMatch(/Who may call/);
    expect(body).toMatch(/"status": "ACTIVE"/);
    expect(body).toMatch(/AUTH\.MISSING_TOKEN/);

    await page.screenshot({ path: join(SHOTS, `docs-${name}.png`) });
    const outside = requests.filter((url) => !url.startsWith(app.baseUrl) && !url.startsWith('data:'));
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    // Nothing wider than the screen on a phone.
    const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow as number).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});
