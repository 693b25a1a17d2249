import Ajv from 'ajv';
import { startTestApp, TestApp } from './support/harness';

/**
 * The reference reads as a manual (issue 27): every operation is summarised
 * and described, sits in exactly one described section, and shows a worked
 * example of everything it takes and of every answer that has a body, its
 * refusals included; each example matches the schema beside it.
 */

interface MediaType {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Answer {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Answer>;
}
interface Document {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, Answer> };
}

let app: TestApp;
let doc: Document;
beforeAll(async () => {
  app = await startTestApp();
  doc = (await app.http.get('/openapi.json')).body as Document;
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, op })),
  );

/** A section description written by hand, not the generated "The X routes." or nothing. */
const boilerplate = (description: string | undefined) => !description?.trim() || /^The .* routes\.$/.test(description.trim());

/** The answer a `$ref` names in `components.responses`, or the answer itself. */
const resolve = (answer: Answer): Answer => (answer.$ref ? doc.components.responses[answer.$ref.split('/').pop()!] : answer);

const examplesOf = (media: MediaType): unknown[] =>
  media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((e) => e.value);

/** Every body the operation takes or answers, by where it is in the document. */
function bodies(op: Operation): { where: string; media: MediaType }[] {
  const taken = Object.entries(op.requestBody?.content ?? {}).map(([type, media]) => ({ where: `request ${type}`, media }));
  const answered = Object.entries(op.responses).flatMap(([status, answer]) =>
    Object.entries(resolve(answer).content ?? {}).map(([type, media]) => ({ where: `${status} ${type}`, media })),
  );
  return [...taken, ...answered];
}

/** Whatever the operation lacks to read as a manual page. */
function lacking(op: Operation, method: string): string[] {
  const missing: string[] = [];
  if (!op.summary?.trim()) missing.push('summary');
  // The generated "Who may call" line alone is no description.
  const own = op.description?.split('**Who may call:**')[0].trim();
  if (!own) missing.push('description');
  else if (method === 'delete' && !/repeat|idempotent|a second/i.test(own)) missing.push('what a repeated delete does');
  const tags = op.tags ?? [];
  if (tags.length !== 1) missing.push(`one tag (has ${tags.length})`);
  else {
    const declared = doc.tags.find((t) => t.name === tags[0]);
    if (!declared) missing.push(`tag "${tags[0]}" declared`);
    else if (boilerplate(declared.description)) missing.push(`a written description of tag "${tags[0]}"`);
  }
  for (const { where, media } of bodies(op)) if (examplesOf(media).length === 0) missing.push(`example of ${where}`);
  return missing;
}

describe('the reference as a manual', () => {
  it('gives every operation a summary, a description, one described section and an example of every body', () => {
    const all = operations();
    const offenders = all.map(({ name, method, op }) => ({ name, missing: lacking(op, method) })).filter((o) => o.missing.length > 0);
    // eslint-disable-next-line no-console -- the count belongs in the test output
    console.info(`OpenAPI manual: ${all.length - offenders.length} of ${all.length} operations complete`);
    expect(offenders.map(({ name, missing }) => `${name}: ${missing.join(', ')}`)).toEqual([]);
  });

  it('declares each section once, every one described by hand', () => {
    const names = doc.tags.map((t) => t.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(doc.tags.filter((t) => boilerplate(t.description)).map((t) => t.name)).toEqual([]);
    // One section per concept: no section whose name is another's plural.
    expect(names.filter((name) => names.includes(name.replace(/s( \(management\))?$/, '$1')) && name.replace(/s( \(management\))?$/, '$1') !== name)).toEqual([]);
  });

  it('shows examples that match their schemas', () => {
    // The document's schemas refer to each other as `#/components/schemas/X`; under one id they resolve as in the document.
    const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', extendRefs: true, logger: false });
    ajv.addSchema({ components: { schemas: doc.components.schemas } }, 'openapi.json');
    const inDocument = (schema: unknown) => JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi.json#/components/'));
    const mismatches: string[] = [];
    for (const { name, op } of operations()) {
      for (const { where, media } of bodies(op)) {
        if (!media.schema) continue;
        const valid = ajv.compile(inDocument(media.schema));
        for (const example of examplesOf(media)) {
          if (!valid(example)) mismatches.push(`${name} ${where}: ${ajv.errorsText(valid.errors)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
