import { getMetadataStorage } from 'class-validator';

/** A decorated class: what class-validator keys its metadata by. */
type DtoClass = abstract new (...args: never[]) => unknown;
type Lookup = (target: DtoClass, schema: string, always: boolean, strictGroups: boolean, groups?: string[]) => unknown[];
type Storage = { getTargetValidationMetadatas: Lookup; kioskMemoised?: true };

/**
 * class-validator reads a class's decorators back on every `validate` call by
 * scanning every registered class (hundreds here) for parents: a measurable
 * share of a hot request's CPU (issue 17). Decorators are fixed once a class
 * is defined, so the answer per class and options never changes: it is kept
 * after the first lookup. Callers only read the array (ValidationExecutor
 * groups and filters it into new ones). Installed once per process.
 */
export function memoiseValidationMetadata(): void {
  const storage = getMetadataStorage() as unknown as Storage;
  if (storage.kioskMemoised) return;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const known = new WeakMap<DtoClass, Map<string, unknown[]>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}|${always}|${strictGroups}|${(groups ?? []).join(',')}`;
    let byOptions = known.get(target);
    if (!byOptions) known.set(target, (byOptions = new Map()));
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = lookup(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
  storage.kioskMemoised = true;
}
