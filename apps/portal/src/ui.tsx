import { ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, Role } from './api';

export { Table } from './table';

/** Who is signed in and for which vendor: what every page reads to show or hide write actions. */
export interface Staff {
  /** The signed-in person's user id (the history says "you" for their saves). */
  userId?: string;
  email: string;
  vendorId: string;
  vendorName: string;
  role: Role;
  scopes: string[];
  /** The vendor's currency (what most of its purchase options are priced in); null while it has none. */
  currency: string | null;
}

export const StaffContext = createContext<Staff | null>(null);

export function useStaff(): Staff {
  return useContext(StaffContext)!;
}

/** Whether the signed-in role holds a scope (the API refuses anyway; the portal does not offer what would be refused). */
export function useCan(scope: string): boolean {
  return useStaff().scopes.includes(scope);
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads once per change of `key`; `reload` loads again. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    load().then(
      (value) => current && (setData(value), setLoading(false)),
      (e: unknown) => current && (setError(messageOf(e)), setLoading(false)),
    );
    return () => void (current = false);
  }, [key, round]);
  return { data, error, loading, reload: useCallback(() => setRound((r) => r + 1), []) };
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** An error (role="alert") or a result (polite) that screen readers announce. */
export function Notice({ error, children }: { error?: string | null; children?: ComponentChildren }) {
  if (error) {
    return (
      <p class="notice error" role="alert">
        {error}
      </p>
    );
  }
  if (!children) return null;
  return (
    <p class="notice ok" role="status">
      {children}
    </p>
  );
}

/** The loading, error or empty state of a list, said in words. */
export function LoadState<T>({ loaded, empty }: { loaded: Loaded<T>; empty?: string }) {
  if (loaded.loading && loaded.data === undefined) return <p aria-live="polite">Loading…</p>;
  if (loaded.error) return <Notice error={loaded.error} />;
  if (empty && Array.isArray(loaded.data) && loaded.data.length === 0) return <p>{empty}</p>;
  return null;
}

let fieldIds = 0;

/** A labelled input; `hint` is read after the label. */
export function Field(props: {
  label: string;
  name: string;
  type?: string;
  value?: string;
  required?: boolean;
  hint?: string;
  options?: readonly (string | [string, string])[];
  onInput?: (value: string) => void;
  step?: string;
  min?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  const id = useRef(`f${++fieldIds}`).current;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const common = {
    id,
    name: props.name,
    required: props.required,
    'aria-describedby': hintId,
    onInput: (e: Event) => props.onInput?.((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={id}>
        {props.label}
        {props.required ? <span class="required"> (required)</span> : null}
      </label>
      {props.options ? (
        <select {...common} value={props.value}>
          {props.options.map((o) => (typeof o === 'string' ? <option value={o}>{o}</option> : <option value={o[0]}>{o[1]}</option>))}
        </select>
      ) : props.type === 'textarea' ? (
        <textarea {...common} {...(props.onInput ? { value: props.value } : { defaultValue: props.value })} rows={6} placeholder={props.placeholder} />
      ) : (
        <input
          {...common}
          type={(props.type ?? 'text') as 'text'}
          // A field the page follows keeps its value; any other starts from it and returns to it when its form resets.
          {...(props.onInput ? { value: props.value } : { defaultValue: props.value })}
          step={props.step}
          min={props.min}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete ?? 'off'}
        />
      )}
      {props.hint ? (
        <small id={hintId} class="hint">
          {props.hint}
        </small>
      ) : null}
    </div>
  );
}

/** The values of a form's named fields. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => (values[key] = String(value).trim()));
  return values;
}

/**
 * A form that says when it is busy, shows the problem an answer gives in
 * words, and announces success; `onSubmit` returns the success message.
 */
export function ActionForm(props: {
  label: string;
  submit: string;
  onSubmit: (values: Record<string, string>, form: HTMLFormElement) => Promise<string | void>;
  children: ComponentChildren;
  id?: string;
  resetOnSuccess?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const message = await props.onSubmit(formValues(form), form);
      setDone(message || 'Saved.');
      if (props.resetOnSuccess !== false) form.reset();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card form" aria-label={props.label} onSubmit={submit} id={props.id}>
      {props.children}
      <div class="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Working…' : props.submit}
        </button>
      </div>
      <div aria-live="polite">
        <Notice error={error}>{done}</Notice>
      </div>
    </form>
  );
}

/** A button that runs one action and says how it went. */
export function ActionButton(props: {
  label: string;
  run: () => Promise<string | void>;
  danger?: boolean;
  confirm?: string;
  class?: string;
  /** Read after the label by screen readers only (which row the button acts on), so the visible label stays short. */
  labelFor?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const click = async () => {
    if (props.confirm && !window.confirm(props.confirm)) return;
    setBusy(true);
    setError(null);
    try {
      await props.run();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button type="button" class={props.danger ? 'danger' : props.class} disabled={busy} onClick={click}>
        {busy ? 'Working…' : props.label}
        {props.labelFor && !busy ? <span class="visually-hidden"> {props.labelFor}</span> : null}
      </button>
      {error ? (
        <span class="error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** The locale a currency is at home in, for the vendor's money; the euro has many homes, so it takes the browser's. */
const HOME_LOCALES: Record<string, string> = {
  SEK: 'sv-SE', NOK: 'nb-NO', DKK: 'da-DK', ISK: 'is-IS', GBP: 'en-GB', USD: 'en-US', CHF: 'de-CH', PLN: 'pl-PL',
  CZK: 'cs-CZ', HUF: 'hu-HU', RON: 'ro-RO', CAD: 'en-CA', AUD: 'en-AU', NZD: 'en-NZ', JPY: 'ja-JP',
};

const moneyFormat: { currency: string | null; locale: string | undefined } = { currency: null, locale: undefined };

/** Set once the vendor is known: its currency, and the locale its money is written in. */
export function setVendorMoney(currency: string | null): void {
  moneyFormat.currency = currency;
  moneyFormat.locale = currency ? HOME_LOCALES[currency] : undefined;
}

/** The vendor's currency, for forms that ask for one (EUR while the vendor has no price yet). */
export function vendorCurrency(): string {
  return moneyFormat.currency ?? 'EUR';
}

/**
 * The one money formatter of the portal: an amount in major units in its
 * currency (the vendor's when none is given), written the way the vendor's
 * currency is at home (a SEK publisher sees "1 200,00 kr").
 */
export function money(amount: number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined) return '—';
  const code = currency || moneyFormat.currency;
  if (!code) return String(amount);
  try {
    const locale = HOME_LOCALES[code] ?? moneyFormat.locale;
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount} ${code}`;
  }
}

/** An amount as a person types it in the currency's home locale (no symbol, no grouping): "49,50" for SEK. */
export function amountText(amount: number, currency: string): string {
  const locale = HOME_LOCALES[currency] ?? moneyFormat.locale;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(amount);
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function day(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A page's heading and intro; the heading takes focus after each move so screen readers say where they are. */
export function PageHeading({ title, children }: { title: string; children?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · Kiosk portal`;
  }, [title]);
  return (
    <header class="page-heading">
      <h1 tabIndex={-1} id="page-title">
        {title}
      </h1>
      {children ? <p class="lead">{children}</p> : null}
    </header>
  );
}

/** Says that the role reads only, where a page would otherwise offer changes. */
export function ReadOnlyNote({ scope }: { scope: string }) {
  const staff = useStaff();
  if (staff.scopes.includes(scope)) return null;
  return <p class="note">Your role ({staff.role}) can read this page but not change it.</p>;
}

/**
 * A change that is hard or impossible to undo, asked twice: the first button
 * opens a panel that says what will happen (and may hold fields); only its
 * "yes" button makes the change. The panel's heading takes focus when it
 * opens; "Go back" closes it and returns focus to the first button. A refusal
 * is shown in the panel in words; `run` reports success to its page.
 */
export function ConfirmStep(props: {
  open: string;
  title: string;
  yes: string;
  no?: string;
  id: string;
  run: (values: Record<string, string>) => Promise<void>;
  children?: ComponentChildren;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(null);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.run(formValues(event.currentTarget as HTMLFormElement));
      setOpen(false);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  if (!open) {
    return (
      <button type="button" class="danger" ref={opener} id={`${props.id}-open`} aria-expanded="false" onClick={() => setOpen(true)}>
        {props.open}
      </button>
    );
  }
  return (
    <form class="card confirm" aria-labelledby={`${props.id}-title`} onSubmit={submit} id={props.id}>
      <h3 id={`${props.id}-title`} tabIndex={-1} ref={heading}>
        {props.title}
      </h3>
      {props.children}
      <div class="actions">
        <button type="submit" class="danger-solid" disabled={busy}>
          {busy ? 'Working…' : props.yes}
        </button>
        <button type="button" class="secondary" onClick={close} disabled={busy}>
          {props.no ?? 'Go back'}
        </button>
      </div>
      <div aria-live="assertive">
        <Notice error={error} />
      </div>
    </form>
  );
}

/** A table row whose first cell also holds the row's action, so the action stays in view on a narrow screen. */
export function firstWith(row: ComponentChildren[], action: ComponentChildren): ComponentChildren[] {
  if (!action) return row;
  return [
    <>
      {row[0]}
      <div class="row-action">{action}</div>
    </>,
    ...row.slice(1),
  ];
}
