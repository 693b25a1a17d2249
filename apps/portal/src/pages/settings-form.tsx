import { ComponentChildren, createContext } from 'preact';
import { useContext, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { LoadState, Loaded, messageOf, Notice } from '../ui';

// The pieces every section of the Settings page is made of: a setting's field,
// a block that reads, shows and saves a group of them, refusals tied to their
// fields, and a section with its heading.

export type Value = string | boolean;
export type Values = Record<string, Value>;

/** One setting: its field in the form, and its value in the read-only list. */
export interface Spec {
  name: string;
  label: string;
  kind?: 'text' | 'url' | 'number' | 'textarea' | 'select' | 'checkbox';
  value: Value;
  hint?: string;
  options?: [string, string][];
  required?: boolean;
  min?: string;
  max?: string;
}

/** A refusal the page explains itself (a value it cannot read), tied to its field like the service's. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Refusal {
  summary: string;
  fields: Record<string, string>;
}

export const sentence = (text: string) => {
  const t = text.trim();
  if (!t) return t;
  const s = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

/**
 * The field each problem names: a validation error's `errors[].field`, a
 * script configuration's `problems[].field`, or a domain refusal's `field`.
 * A name is matched to the form's own field names, also by its last part
 * (`contentSelectors.article`, `rateOverrides.0.rate` → `rateOverrides`).
 */
export function refusalOf(error: unknown, specs: { name: string; label: string }[], otherField?: { name: string; label: string }): Refusal {
  if (error instanceof FieldRefusal) return { summary: 'Nothing was saved: a value needs a change.', fields: { [error.field]: sentence(error.message) } };
  if (!(error instanceof ApiError)) return { summary: messageOf(error), fields: {} };
  const p = error.problem as ApiError['problem'] & { field?: string; problems?: { field?: string; message?: string }[] };
  const found: [string, string][] = [];
  for (const e of p.errors ?? []) if (e.field) found.push([e.field, (e.messages ?? []).join(', ')]);
  for (const e of p.problems ?? []) if (e.field) found.push([e.field, e.message ?? '']);
  if (p.field && found.length === 0) found.push([p.field, p.detail ?? '']);
  const match = (field: string) =>
    specs.find((n) => n.name === field) ?? specs.find((n) => field.startsWith(`${n.name}.`) || field.startsWith(`${n.name}[`)) ?? otherField;
  // The service names its field ("lifetimeHours must not be …"); the page says the field's label instead.
  const inWords = (field: string, label: string, message: string) => {
    const last = field.split('.').pop() ?? field;
    for (const name of [field, last]) if (message.startsWith(`${name} `)) return sentence(`${label}${message.slice(name.length)}`);
    return sentence(`${label}: ${message}`);
  };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, message] of found) {
    const spec = match(field);
    if (spec) fields[spec.name] = [fields[spec.name], inWords(field, spec.label, message)].filter(Boolean).join(' ');
    else rest.push(`${field}: ${message}`);
  }
  const named = Object.keys(fields).length;
  if (error.status === 403) return { summary: 'Your role does not allow this change.', fields: {} };
  if (error.status === 409 && error.code === 'SCRIPTS.STALE_VERSION') {
    return { summary: 'Someone saved these settings after you opened them. Reload the page to see their change, then make yours again.', fields: {} };
  }
  if (named && !rest.length) return { summary: `Nothing was saved: the service refused ${named === 1 ? 'a value' : `${named} values`}, explained at ${named === 1 ? 'its field' : 'their fields'}.`, fields };
  return { summary: `Nothing was saved. ${error.message}`, fields };
}

export const FormProblems = createContext<Record<string, string>>({});

let ids = 0;

export function SettingField({ spec }: { spec: Spec }) {
  const problems = useContext(FormProblems);
  const id = useRef(`s${++ids}`).current;
  const problem = problems[spec.name];
  const describedBy = [spec.hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, name: spec.name, required: spec.required, 'aria-describedby': describedBy, 'aria-invalid': problem ? ('true' as const) : undefined };
  const label = (
    <label for={id}>
      {spec.label}
      {spec.required ? <span class="required"> (required)</span> : null}
    </label>
  );
  const after = (
    <>
      {spec.hint ? (
        <small id={`${id}-hint`} class="hint">
          {spec.hint}
        </small>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} class="field-error">
          {problem}
        </p>
      ) : null}
    </>
  );
  if (spec.kind === 'checkbox') {
    return (
      <div class="field check">
        <span class="check-row">
          <input type="checkbox" {...common} defaultChecked={spec.value === true} />
          {label}
        </span>
        {after}
      </div>
    );
  }
  return (
    <div class={spec.kind === 'textarea' ? 'field wide' : 'field'}>
      {label}
      {spec.kind === 'select' ? (
        <select {...common} defaultValue={String(spec.value)}>
          {(spec.options ?? []).map(([v, text]) => (
            <option value={v} selected={v === spec.value}>
              {text}
            </option>
          ))}
        </select>
      ) : spec.kind === 'textarea' ? (
        <textarea {...common} defaultValue={String(spec.value)} rows={4} />
      ) : (
        <input {...common} type={(spec.kind ?? 'text') as 'text'} defaultValue={String(spec.value)} min={spec.min} max={spec.max} autoComplete="off" />
      )}
      {after}
    </div>
  );
}

/** The values of a form's named fields: text trimmed, check boxes as true or false. */
export function readForm(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const el of Array.from(form.elements)) {
    const input = el as HTMLInputElement;
    if (!input.name) continue;
    values[input.name] = input.type === 'checkbox' ? input.checked : input.value.trim();
  }
  return values;
}

/**
 * A section's settings: a form for a role that may change them (the service's
 * refusal shown at the field it names, and as a sentence under the button),
 * or the values as a list for a role that only reads.
 */
export function SettingsBlock(props: {
  id: string;
  label: string;
  specs: Spec[];
  canWrite: boolean;
  /** Changes when the stored values change, so the fields start again from them. */
  version: string;
  save: (values: Values) => Promise<string>;
  submit?: string;
  /** Where a problem goes whose field the specs do not name (a field the section draws itself). */
  otherField?: { name: string; label: string };
  children?: ComponentChildren;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!props.canWrite) {
    return (
      <dl class="facts settings-facts" id={props.id}>
        {props.specs.map((s) => {
          const shown =
            typeof s.value === 'boolean' ? (s.value ? 'Yes' : 'No') : s.options ? (s.options.find(([v]) => v === s.value)?.[1] ?? s.value) : s.value;
          return (
            <>
              <dt>{s.label}</dt>
              <dd>{shown === '' ? '—' : shown}</dd>
            </>
          );
        })}
      </dl>
    );
  }
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    setDone(null);
    try {
      setDone(await props.save(readForm(event.currentTarget as HTMLFormElement)));
    } catch (e) {
      setRefusal(refusalOf(e, props.specs, props.otherField));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card form settings-form" aria-label={props.label} id={props.id} onSubmit={submit} noValidate>
      <FormProblems.Provider value={refusal?.fields ?? {}}>
        <div class="grid" key={props.version}>
          {props.specs.map((s) => (
            <SettingField spec={s} />
          ))}
        </div>
      </FormProblems.Provider>
      {props.children}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : (props.submit ?? 'Save')}
        </button>
      </div>
      <div aria-live="polite">
        <Notice error={refusal?.summary}>{done}</Notice>
      </div>
    </form>
  );
}

/** A section with its heading, what it is for, and its loading or failure said in words. */
export function Section(props: { id: string; title: string; intro: ComponentChildren; loaded?: Loaded<unknown>; children?: ComponentChildren }) {
  return (
    <section aria-labelledby={`${props.id}-heading`} class="settings-section">
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      <p>{props.intro}</p>
      {props.loaded ? <LoadState loaded={props.loaded} /> : null}
      {props.children}
    </section>
  );
}

export function NotForRole({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Section id={id} title={title} intro={text} />
  );
}

export const orNull = (v: Value) => (typeof v === 'string' && v !== '' ? v : null);
export const text = (v: string | null | undefined) => v ?? '';
