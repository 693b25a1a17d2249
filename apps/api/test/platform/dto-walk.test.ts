import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { isNullableField } from '../../src/platform/http/dto-decorators';
import { RouteSpec } from '../../src/platform/http/routes';
import { Class, validateInput } from '../../src/platform/http/validation';
import { TOKENS } from '../../src/platform/tokens';
import { startTestApp, TestApp } from '../support/harness';

// Issue 10: the validation layer decides, for every request DTO of every
// route, that a nested object not marked optional is required, and that an
// explicit null in an optional field is refused unless the field is
// @Nullable(). Walks every body DTO the routes declare, nested DTOs included.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface Field {
  path: string[];
  optional: boolean;
  nullable: boolean;
  nested: Class<object> | null;
}

function fieldsOf(type: Class<object>, prefix: string[] = [], seen = new Set<unknown>()): Field[] {
  if (seen.has(type)) return [];
  seen.add(type);
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  const names = [...new Set(metadatas.map((m) => m.propertyName))];
  return names.flatMap((name) => {
    const own = metadatas.filter((m) => m.propertyName === name);
    const optional = own.some((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name === 'isOptional');
    const isNested = own.some((m) => m.type === ValidationTypes.NESTED_VALIDATION && !m.each);
    const typeFn = defaultMetadataStorage.findTypeMetadata(type, name)?.typeFunction;
    const nested = isNested && typeFn ? (typeFn() as Class<object>) : null;
    const field: Field = { path: [...prefix, name], optional, nullable: isNullableField(type, name), nested };
    return [field, ...(nested ? fieldsOf(nested, [...prefix, name], new Set(seen)) : [])];
  });
}

/** A body with `value` at `path` (nested objects made on the way). */
function bodyWith(path: string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

async function errorsFor(dto: Class<object>, input: unknown): Promise<{ field: string; messages: string[] }[]> {
  try {
    await validateInput(dto, input, 'body');
    return [];
  } catch (error) {
    return ((error as { extensions?: { errors?: { field: string; messages: string[] }[] } }).extensions?.errors ?? []);
  }
}

it('every request DTO requires its non-optional nested objects and refuses null where it is not @Nullable', async () => {
  const routes = app.runtime.container.getAll(TOKENS.Controller).flatMap((c) => c.routes() as RouteSpec[]);
  const dtos = [...new Set(routes.flatMap((r) => (r.body ? [r.body.dto as Class<object>] : [])))];
  expect(dtos.length).toBeGreaterThan(20);
  const checked: string[] = [];
  const wrong: string[] = [];
  for (const dto of dtos) {
    for (const field of fieldsOf(dto)) {
      const name = field.path.join('.');
      if (field.nested && !field.optional) {
        const errors = await errorsFor(dto, bodyWith(field.path.slice(0, -1), {}));
        if (!errors.some((e) => e.field === name && e.messages.includes(`${field.path.at(-1)} is required`))) {
          wrong.push(`${dto.name}.${name}: accepted when missing`);
        }
        checked.push(`${dto.name}.${name} required`);
      }
      if (field.optional) {
        const errors = await errorsFor(dto, bodyWith(field.path, null));
        const refused = errors.some((e) => e.field === name);
        if (refused === field.nullable) {
          wrong.push(`${dto.name}.${name}: null ${refused ? 'refused though @Nullable' : 'accepted though not @Nullable'}`);
        }
        checked.push(`${dto.name}.${name} null`);
      }
    }
  }
  expect(wrong).toEqual([]);
  // The cases of the issue are among the checked ones.
  expect(checked).toEqual(
    expect.arrayContaining([
      'CreateContractBody.user required',
      'CreateContractBody.payment required',
      'CreateDiscountCodeBody.value required',
      'CreateContractBody.user.firstName null',
      'ProfilePatchBody.firstName null',
    ]),
  );
  expect(checked.length).toBeGreaterThan(100);
});

it('every validator of every request DTO is synchronous: validateInput runs class-validator synchronously', () => {
  const routes = app.runtime.container.getAll(TOKENS.Controller).flatMap((c) => c.routes() as RouteSpec[]);
  const tops = routes.flatMap((r) => [...(r.body ? [r.body.dto as Class<object>] : []), ...(r.query ? [r.query as Class<object>] : [])]);
  const dtos = new Set<Class<object>>();
  const visit = (dto: Class<object>) => {
    if (dtos.has(dto)) return;
    dtos.add(dto);
    for (const field of fieldsOf(dto)) if (field.nested) visit(field.nested);
  };
  tops.forEach(visit);
  const storage = getMetadataStorage();
  const asynchronous: string[] = [];
  for (const dto of dtos) {
    for (const m of storage.getTargetValidationMetadatas(dto, '', true, false)) {
      if (m.type !== ValidationTypes.CUSTOM_VALIDATION) continue;
      for (const constraint of storage.getTargetValidatorConstraints(m.constraintCls)) {
        // Declared asynchronous, or answering a promise anyway (validateSync would skip either).
        let answer: unknown;
        try {
          answer = constraint.instance.validate(undefined, { constraints: m.constraints ?? [], object: {}, property: m.propertyName, targetName: dto.name, value: undefined });
        } catch {
          answer = undefined;
        }
        if (constraint.async || typeof (answer as { then?: unknown } | undefined)?.then === 'function') {
          asynchronous.push(`${dto.name}.${m.propertyName}: ${constraint.name}`);
        }
      }
    }
  }
  expect(dtos.size).toBeGreaterThan(50);
  expect(asynchronous).toEqual([]);
});
