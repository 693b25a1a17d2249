import { ComponentChildren, createContext } from 'preact';
import { useContext, useRef, useState } from 'preact/hooks';
import { ApiError, get, patch, put } from '../api';
import { BASE } from '../router';
import { firstWith, LoadState, Loaded, messageOf, Notice, PageHeading, Table, useCan, useLoad, useStaff, when } from '../ui';

// The vendor's settings that once needed the command line or raw API calls:
// the script bundle, checkout, invoicing details, the readers' sign-in pages,
// signed-link tiers and the sites' own details. Each section reads with its
// read scope and offers a form only to a role whose scopes allow the write;
// other roles see the values as a list.

type Value = string | boolean;
type Values = Record<string, Value>;

/** One setting: its field in the form, and its value in the read-only list. */
interface Spec {
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
class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface Refusal {
  summary: string;
  fields: Record<string, string>;
}

const sentence = (text: string) => {
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
function refusalOf(error: unknown, specs: { name: string; label: string }[], otherField?: { name: string; label: string }): Refusal {
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

const FormProblems = createContext<Record<string, string>>({});

let ids = 0;

function SettingField({ spec }: { spec: Spec }) {
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
function readForm(form: HTMLFormElement): Values {
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
function SettingsBlock(props: {
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
function Section(props: { id: string; title: string; intro: ComponentChildren; loaded?: Loaded<unknown>; children?: ComponentChildren }) {
  return (
    <section aria-labelledby={`${props.id}-heading`} class="settings-section">
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      <p>{props.intro}</p>
      {props.loaded ? <LoadState loaded={props.loaded} /> : null}
      {props.children}
    </section>
  );
}

function NotForRole({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Section id={id} title={title} intro={text} />
  );
}

const orNull = (v: Value) => (typeof v === 'string' && v !== '' ? v : null);
const text = (v: string | null | undefined) => v ?? '';

// ---------------------------------------------------------------------------
// The script bundle

interface ScriptConfiguration {
  version: number;
  updatedAt: string | null;
  clientId: string | null;
  paywallId: string | null;
  contentSelectors: Record<string, string | undefined>;
  transforms: unknown[];
  analytics: { dataLayer?: string; pageViews?: boolean; scrollDepth?: boolean; activeTime?: boolean };
  plugins: unknown[];
  scriptUrls: { bundle: string; serviceJs: string; serviceComponents: string };
}

const SELECTORS: [string, string, string][] = [
  ['article', 'Article', 'The element that holds the story, e.g. article.story'],
  ['title', 'Headline', 'e.g. h1.headline'],
  ['image', 'Lead image', 'e.g. figure.lead img'],
  ['excerpt', 'Excerpt', 'The part every reader sees, e.g. .ingress'],
  ['price', 'Price', 'Where a single article shows its price'],
  ['id', 'Content ID', 'The element whose data names the content'],
  ['pass', 'Pass', 'Where a day pass or similar offer sits'],
];

function parseJsonList(field: string, label: string, raw: Value): unknown[] {
  const source = String(raw).trim();
  if (!source) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    throw new FieldRefusal(field, `${label} is not valid JSON. Write a list in square brackets, e.g. []`);
  }
  if (!Array.isArray(parsed)) throw new FieldRefusal(field, `${label} must be a list in square brackets, e.g. []`);
  return parsed;
}

function ScriptBundle() {
  const canRead = useCan('sites:read');
  const canWrite = useCan('sites:write');
  const staff = useStaff();
  const config = useLoad(() => (canRead ? get<ScriptConfiguration>('/management/scripts/configuration') : Promise.resolve(undefined)), 'script-config');
  const clients = useLoad(() => (canRead ? get<{ clientId: string; name: string }[]>('/management/browser-clients') : Promise.resolve([])), 'script-clients');
  const paywalls = useLoad(() => (canRead ? get<{ id: string; name: string; status: string }[]>('/management/paywalls') : Promise.resolve([])), 'script-paywalls');
  const [saved, setSaved] = useState<ScriptConfiguration | null>(null);
  if (!canRead) return <NotForRole id="script" title="Script bundle" text="Your role cannot see the script settings." />;
  const c = saved ?? config.data;
  const specs: Spec[] = c
    ? [
        {
          name: 'clientId',
          label: 'Browser client',
          kind: 'select',
          value: text(c.clientId),
          hint: 'The browser client that signs readers in on your pages.',
          options: [['', 'None'], ...(clients.data ?? []).map((b) => [b.clientId, `${b.name} (${b.clientId})`] as [string, string])],
        },
        {
          name: 'paywallId',
          label: 'Metering paywall',
          kind: 'select',
          value: text(c.paywallId),
          hint: 'The paywall whose free-read allowance counts reads of marked content.',
          options: [['', 'None'], ...(paywalls.data ?? []).filter((p) => p.status === 'ACTIVE' || p.id === c.paywallId).map((p) => [p.id, p.name] as [string, string])],
        },
        ...SELECTORS.map(([key, label, hint]): Spec => ({ name: `contentSelectors.${key}`, label: `${label} selector`, value: text(c.contentSelectors[key]), hint: `${hint}. Empty: not used.` })),
        { name: 'analytics.dataLayer', label: 'Data layer name', value: text(c.analytics.dataLayer), hint: 'The global array that receives analytics events, e.g. dataLayer.' },
        { name: 'analytics.pageViews', label: 'Send page views', kind: 'checkbox', value: c.analytics.pageViews === true },
        { name: 'analytics.scrollDepth', label: 'Send scroll depth', kind: 'checkbox', value: c.analytics.scrollDepth === true },
        { name: 'analytics.activeTime', label: 'Send active reading time', kind: 'checkbox', value: c.analytics.activeTime === true },
        {
          name: 'transforms',
          label: 'Page changes (JSON)',
          kind: 'textarea',
          value: c.transforms.length ? JSON.stringify(c.transforms, null, 2) : '',
          hint: 'A list of {"action", "selector", …} rules (see /docs, scripts); empty for none.',
        },
        {
          name: 'plugins',
          label: 'Plugins (JSON)',
          kind: 'textarea',
          value: c.plugins.length ? JSON.stringify(c.plugins, null, 2) : '',
          hint: 'A list of {"name", "url"}; empty for none.',
        },
      ]
    : [];
  return (
    <Section
      id="script"
      title="Script bundle"
      loaded={config}
      intro="The script your pages load: which browser client signs readers in, which paywall meters free reads, where your content sits on the page (CSS selectors), and what it reports to your analytics."
    >
      {c ? (
        <>
          <p class="status-line" id="script-version">
            {c.version === 0 ? 'Defaults: never saved.' : `Version ${c.version}, saved ${when(c.updatedAt)}.`}
          </p>
          <p>Put this on your pages (it carries these settings and the stable library):</p>
          <pre class="snippet" tabIndex={0} aria-label="Script tag for your pages">
            <code>{`<script src="${c.scriptUrls.bundle}" async></script>`}</code>
          </pre>
          <SettingsBlock
            id="script-form"
            label="Script settings"
            specs={specs}
            canWrite={canWrite}
            version={`${staff.vendorId}:${c.version}:${clients.data?.length ?? 0}:${paywalls.data?.length ?? 0}`}
            save={async (v) => {
              const body = {
                clientId: orNull(v.clientId),
                paywallId: orNull(v.paywallId),
                // The service replaces the whole set: an empty field leaves that selector out.
                contentSelectors: Object.fromEntries(SELECTORS.map(([key]) => [key, String(v[`contentSelectors.${key}`])]).filter(([, sel]) => sel !== '')),
                analytics: {
                  dataLayer: String(v['analytics.dataLayer']) || undefined,
                  pageViews: v['analytics.pageViews'] === true,
                  scrollDepth: v['analytics.scrollDepth'] === true,
                  activeTime: v['analytics.activeTime'] === true,
                },
                transforms: parseJsonList('transforms', 'Page changes', v.transforms),
                plugins: parseJsonList('plugins', 'Plugins', v.plugins),
                ifVersion: c.version,
              };
              const next = await patch<ScriptConfiguration>('/management/scripts/configuration', body);
              setSaved(next);
              return `Script settings saved (version ${next.version}). Pages get them within a minute.`;
            }}
          />
        </>
      ) : null}
    </Section>
  );
}

// ---------------------------------------------------------------------------
// Checkout

interface CheckoutSettings {
  allowedMethods: { provider: string; methods: string[] }[] | null;
  lifetimeHours: number;
  businessEnabled: boolean;
  giftEnabled: boolean;
  invoiceForBusiness: boolean;
  termsUrl: string | null;
  privacyUrl: string | null;
  defaultLanguage: 'en' | 'sv' | null;
  color: string;
}

const methodsText = (m: CheckoutSettings['allowedMethods']) => (m ?? []).map((p) => `${p.provider}: ${p.methods.join(', ')}`).join('\n');

function parseMethods(raw: Value): CheckoutSettings['allowedMethods'] {
  const lines = String(raw)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return null;
  return lines.map((line, i) => {
    const [provider, rest = ''] = line.split(':');
    const methods = rest
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (!provider.trim() || !methods.length) throw new FieldRefusal('allowedMethods', `Line ${i + 1} should read provider: method, method (e.g. embedded: card)`);
    return { provider: provider.trim(), methods };
  });
}

function Checkout() {
  const canRead = useCan('checkouts:read');
  const canWrite = useCan('sites:write');
  const settings = useLoad(() => (canRead ? get<CheckoutSettings>('/management/checkout-settings') : Promise.resolve(undefined)), 'checkout-settings');
  const [saved, setSaved] = useState<CheckoutSettings | null>(null);
  const [round, setRound] = useState(0);
  if (!canRead) return <NotForRole id="checkout" title="Checkout" text="Your role cannot see the checkout settings." />;
  const s = saved ?? settings.data;
  const specs: Spec[] = s
    ? [
        { name: 'lifetimeHours', label: 'Hours a checkout stays open', kind: 'number', value: String(s.lifetimeHours), min: '1', max: '720', hint: 'From 1 to 720 (30 days); then it expires.' },
        { name: 'color', label: 'Colour of the checkout page', value: s.color, hint: 'A hex colour, #rrggbb, e.g. #0b3d91.' },
        { name: 'termsUrl', label: 'Terms of sale address', kind: 'url', value: text(s.termsUrl), hint: 'https://… linked from the checkout and its receipt; empty for none.' },
        { name: 'privacyUrl', label: 'Privacy notice address', kind: 'url', value: text(s.privacyUrl), hint: 'https://… linked from the checkout and its receipt; empty for none.' },
        {
          name: 'defaultLanguage',
          label: "Readers' default language",
          kind: 'select',
          value: s.defaultLanguage ?? '',
          options: [['', 'English (the service default)'], ['en', 'English'], ['sv', 'Swedish']],
          hint: "Checkout, sign-in pages, e-mails and components speak it when the reader's browser names no language the service speaks.",
        },
        { name: 'businessEnabled', label: 'Businesses may buy', kind: 'checkbox', value: s.businessEnabled },
        { name: 'invoiceForBusiness', label: 'Businesses may pay by invoice', kind: 'checkbox', value: s.invoiceForBusiness },
        { name: 'giftEnabled', label: 'Readers may buy gifts', kind: 'checkbox', value: s.giftEnabled },
        {
          name: 'allowedMethods',
          label: 'Payment methods offered',
          kind: 'textarea',
          value: methodsText(s.allowedMethods),
          hint: 'One provider a line, e.g. embedded: card. Empty offers every method the service has set up.',
        },
      ]
    : [];
  return (
    <Section id="checkout" title="Checkout" loaded={settings} intro="How your checkout behaves: how long it stays open, its colour, your terms and privacy notice, your readers' default language, who may buy, and how they may pay. New checkouts follow a change.">
      {s ? (
        <SettingsBlock
          id="checkout-form"
          label="Checkout settings"
          specs={specs}
          canWrite={canWrite}
          version={String(round)}
          save={async (v) => {
            const methods = parseMethods(v.allowedMethods);
            const body = {
              lifetimeHours: Number(v.lifetimeHours),
              color: v.color,
              termsUrl: orNull(v.termsUrl),
              privacyUrl: orNull(v.privacyUrl),
              defaultLanguage: orNull(v.defaultLanguage),
              businessEnabled: v.businessEnabled,
              invoiceForBusiness: v.invoiceForBusiness,
              giftEnabled: v.giftEnabled,
              ...(methods === null && s.allowedMethods === null ? {} : { allowedMethods: methods }),
            };
            setSaved(await patch<CheckoutSettings>('/management/checkout-settings', body));
            setRound((r) => r + 1);
            return 'Checkout settings saved.';
          }}
        />
      ) : null}
    </Section>
  );
}

// ---------------------------------------------------------------------------
// Invoicing details (billing settings)

interface BillingSettings {
  legalName: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  vatNumber: string | null;
  paymentInstructions: string | null;
  rateOverrides: { country: string; category: string; rate: number }[];
  updatedAt: string | null;
}

const TAX_CATEGORIES = ['standard', 'news', 'book', 'audiobook', 'e_publication', 'physical_periodical'];

function parseRates(raw: Value): BillingSettings['rateOverrides'] {
  return String(raw)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line, i) => {
      const [country = '', category = '', rate = ''] = line.split(/[\s,;]+/);
      const percent = Number(rate.replace('%', ''));
      if (!/^[A-Za-z]{2}$/.test(country) || !TAX_CATEGORIES.includes(category) || rate === '' || !Number.isFinite(percent)) {
        throw new FieldRefusal('rateOverrides', `Line ${i + 1} should read country, tax category and rate in percent, e.g. SE news 6 (categories: ${TAX_CATEGORIES.join(', ')})`);
      }
      return { country: country.toUpperCase(), category, rate: percent };
    });
}

function Invoicing() {
  const canRead = useCan('bills:read');
  const canWrite = useCan('sites:write');
  const settings = useLoad(() => (canRead ? get<BillingSettings>('/management/billing-settings') : Promise.resolve(undefined)), 'billing-settings');
  const [saved, setSaved] = useState<BillingSettings | null>(null);
  if (!canRead) return <NotForRole id="invoicing" title="Invoicing details" text="Your role cannot see the invoicing details." />;
  const s = saved ?? settings.data;
  const specs: Spec[] = s
    ? [
        { name: 'legalName', label: 'Legal name', value: text(s.legalName), hint: 'The seller on your invoices. Until set, your publisher name stands in.' },
        { name: 'vatNumber', label: 'VAT number', value: text(s.vatNumber), hint: 'With its country prefix, e.g. SE556703748501.' },
        { name: 'street', label: 'Street address', value: text(s.street) },
        { name: 'zip', label: 'Postcode', value: text(s.zip) },
        { name: 'city', label: 'City', value: text(s.city) },
        { name: 'country', label: 'Country', value: text(s.country), hint: 'Two capital letters, e.g. SE. Until set, SE.' },
        { name: 'paymentInstructions', label: 'Payment instructions', kind: 'textarea', value: text(s.paymentInstructions), hint: 'How invoiced buyers pay, e.g. bank giro or IBAN.' },
        {
          name: 'rateOverrides',
          label: 'Your own VAT rates',
          kind: 'textarea',
          value: s.rateOverrides.map((o) => `${o.country} ${o.category} ${o.rate}`).join('\n'),
          hint: 'One a line: country, tax category, rate in percent, e.g. SE news 6. Empty uses the standard rates.',
        },
      ]
    : [];
  return (
    <Section id="invoicing" title="Invoicing details" loaded={settings} intro="What your invoices and credit notes say about you as the seller. Invoices already issued keep what they said.">
      {s ? (
        <>
          <p class="status-line">{s.updatedAt ? `Last changed ${when(s.updatedAt)}.` : 'Not set yet.'}</p>
          <SettingsBlock
            id="invoicing-form"
            label="Invoicing details"
            specs={specs}
            canWrite={canWrite}
            version={text(s.updatedAt)}
            save={async (v) => {
              const body = {
                legalName: orNull(v.legalName),
                vatNumber: orNull(v.vatNumber),
                street: orNull(v.street),
                zip: orNull(v.zip),
                city: orNull(v.city),
                country: orNull(v.country),
                paymentInstructions: orNull(v.paymentInstructions),
                rateOverrides: parseRates(v.rateOverrides),
              };
              setSaved(await patch<BillingSettings>('/management/billing-settings', body));
              return 'Invoicing details saved. New invoices use them.';
            }}
          />
        </>
      ) : null}
    </Section>
  );
}

// ---------------------------------------------------------------------------
// Sign-in pages

interface SignInMessages {
  messages: Record<string, Record<string, string>>;
  defaults: Record<string, Record<string, string>>;
}

function SignInPages() {
  const canRead = useCan('sites:read');
  const canWrite = useCan('sites:write');
  const loaded = useLoad(() => (canRead ? get<SignInMessages>('/management/sign-in-pages') : Promise.resolve(undefined)), 'sign-in-pages');
  const [saved, setSaved] = useState<SignInMessages | null>(null);
  const [language, setLanguage] = useState('en');
  const [key, setKey] = useState('');
  const [round, setRound] = useState(0);
  const [message, setMessage] = useState<{ ok?: string; error?: string } | null>(null);
  if (!canRead) return <NotForRole id="sign-in-pages" title="Sign-in pages" text="Your role cannot see the sign-in page texts." />;
  const d = saved ?? loaded.data;
  const keys = d ? Object.keys(d.defaults.en ?? {}).sort() : [];
  const chosenKey = key || keys[0] || '';
  const defaultText = d ? (d.defaults[language]?.[chosenKey] ?? d.defaults.en?.[chosenKey] ?? '') : '';
  const rows = d ? Object.entries(d.messages).flatMap(([lang, texts]) => Object.entries(texts).map(([k, t]) => ({ lang, key: k, text: t }))) : [];
  const store = async (messages: SignInMessages['messages']) => {
    const next = await put<SignInMessages>('/management/sign-in-pages', { messages });
    setSaved(next);
    setRound((r) => r + 1);
  };
  return (
    <Section
      id="sign-in-pages"
      title="Sign-in pages"
      loaded={loaded}
      intro="Your own words on your readers' sign-in, sign-up and password pages. A sentence you leave alone comes from the service, in the reader's language."
    >
      {d ? (
        <>
          {rows.length ? (
            <Table
              caption="Your sentences"
              id="sign-in-messages"
              head={['Language', 'Message', 'Your text']}
              rows={rows.map((r) => {
                const row = [r.lang, <code>{r.key}</code>, r.text];
                if (!canWrite) return row;
                return firstWith(
                  row,
                  <button
                    type="button"
                    class="danger"
                    onClick={async () => {
                      const next = Object.fromEntries(
                        Object.entries(d.messages)
                          .map(([lang, texts]) => [lang, Object.fromEntries(Object.entries(texts).filter(([k]) => !(lang === r.lang && k === r.key)))] as const)
                          .filter(([, texts]) => Object.keys(texts).length > 0),
                      );
                      try {
                        await store(next);
                        setMessage({ ok: `The service's own text is back for ${r.key} (${r.lang}).` });
                      } catch (e) {
                        setMessage({ error: messageOf(e) });
                      }
                    }}
                  >
                    Remove<span class="visually-hidden"> your text for {r.key} ({r.lang})</span>
                  </button>,
                );
              })}
            />
          ) : (
            <p>You use the service's own texts everywhere.</p>
          )}
          <div aria-live="polite">
            <Notice error={message?.error}>{message?.ok}</Notice>
          </div>
          {canWrite ? (
            <SettingsBlock
              id="sign-in-form"
              label="Change a sentence"
              submit="Save sentence"
              specs={[]}
              otherField={{ name: 'text', label: 'Your text' }}
              canWrite
              version={String(round)}
              save={async (v) => {
                const lang = String(v.language).toLowerCase();
                const messages = { ...d.messages, [lang]: { ...(d.messages[lang] ?? {}), [chosenKey]: String(v.text) } };
                await store(messages);
                setMessage(null);
                return `Your text for ${chosenKey} (${lang}) is saved; the pages use it at once.`;
              }}
            >
              <SignInFields
                language={language}
                setLanguage={setLanguage}
                keys={keys}
                chosenKey={chosenKey}
                setKey={setKey}
                defaultText={defaultText}
                current={d.messages[language]?.[chosenKey] ?? ''}
              />
            </SettingsBlock>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

/** The language, the message and its text; the service's text of the chosen message is shown beside it. */
function SignInFields(props: {
  language: string;
  setLanguage: (l: string) => void;
  keys: string[];
  chosenKey: string;
  setKey: (k: string) => void;
  defaultText: string;
  current: string;
}) {
  const problems = useContext(FormProblems);
  const problem = problems.text;
  return (
    <div class="grid">
      <div class="field">
        <label for="sign-in-language">Language</label>
        <input
          id="sign-in-language"
          name="language"
          value={props.language}
          aria-describedby="sign-in-language-hint"
          autoComplete="off"
          onInput={(e) => props.setLanguage(e.currentTarget.value.trim().toLowerCase())}
        />
        <small id="sign-in-language-hint" class="hint">
          A two- or three-letter code: en, sv, or another you add (e.g. fi).
        </small>
      </div>
      <div class="field">
        <label for="sign-in-key">Message</label>
        <select id="sign-in-key" name="key" value={props.chosenKey} onChange={(e) => props.setKey(e.currentTarget.value)}>
          {props.keys.map((k) => (
            <option value={k}>{k}</option>
          ))}
        </select>
      </div>
      <div class="field wide">
        <label for="sign-in-text">
          Your text<span class="required"> (required)</span>
        </label>
        <textarea
          id="sign-in-text"
          name="text"
          rows={3}
          key={`${props.language}:${props.chosenKey}`}
          defaultValue={props.current}
          required
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={problem ? 'sign-in-default sign-in-text-error' : 'sign-in-default'}
        />
        <small id="sign-in-default" class="hint">
          The service says: “{props.defaultText || '—'}”. Plain text, up to 500 characters; {'{{values}}'} only as the service's text has them.
        </small>
        {problem ? (
          <p id="sign-in-text-error" class="field-error">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------
// Signed links

function SignedLinks() {
  const canRead = useCan('sites:read');
  const canWrite = useCan('sites:write');
  const tiers = useLoad(() => (canRead ? get<{ metered: string; entitled: string }>('/management/paywall-link-tiers') : Promise.resolve(undefined)), 'link-tiers');
  const [saved, setSaved] = useState<{ metered: string; entitled: string } | null>(null);
  const [round, setRound] = useState(0);
  if (!canRead) return <NotForRole id="links" title="Signed links" text="Your role cannot see the signed-link settings." />;
  const t = saved ?? tiers.data;
  return (
    <Section
      id="links"
      title="Signed links"
      loaded={tiers}
      intro="The tier written into the signed links that open content: one for a reader's free reads, one for readers who have access. Your encrypted content compares it with its own tier. Links already sent keep theirs."
    >
      {t ? (
        <SettingsBlock
          id="links-form"
          label="Signed-link tiers"
          specs={[
            { name: 'metered', label: 'Tier for free reads', value: t.metered, required: true, hint: 'e.g. premium' },
            { name: 'entitled', label: 'Tier for readers with access', value: t.entitled, required: true, hint: 'e.g. premium' },
          ]}
          canWrite={canWrite}
          version={String(round)}
          save={async (v) => {
            if (!v.metered) throw new FieldRefusal('metered', 'Write a tier, e.g. premium');
            if (!v.entitled) throw new FieldRefusal('entitled', 'Write a tier, e.g. premium');
            setSaved(await put<{ metered: string; entitled: string }>('/management/paywall-link-tiers', { metered: v.metered, entitled: v.entitled }));
            setRound((r) => r + 1);
            return 'Signed-link tiers saved. New links carry them.';
          }}
        />
      ) : null}
    </Section>
  );
}

// ---------------------------------------------------------------------------
// Sites

interface Site {
  id: string;
  name: string;
  domain: string;
  url: string;
  clientId: string | null;
  updatedAt: string;
}

function Sites() {
  const canReadSites = useCan('sites:read');
  const canReadDomains = useCan('domains:read');
  const canRead = canReadSites && canReadDomains;
  const canWrite = useCan('sites:write');
  const sites = useLoad(() => (canRead ? get<Site[]>('/management/sites') : Promise.resolve([])), 'settings-sites');
  const domains = useLoad(() => (canRead ? get<{ domain: string }[]>('/management/domains') : Promise.resolve([])), 'settings-domains');
  const clients = useLoad(() => (canRead ? get<{ clientId: string; name: string }[]>('/management/browser-clients') : Promise.resolve([])), 'settings-site-clients');
  if (!canRead) return <NotForRole id="sites-edit" title="Sites" text="Your role cannot see the sites." />;
  return (
    <Section
      id="sites-edit"
      title="Sites"
      loaded={sites}
      intro={
        <>
          Change a site's name, domain, address or browser client. Add and remove sites and domains on the <a href={`${BASE}/developers`}>Developers</a> page.
        </>
      }
    >
      {sites.data && sites.data.length === 0 ? <p>No sites yet.</p> : null}
      {(sites.data ?? []).map((s) => (
        <SiteSettings
          site={s}
          canWrite={canWrite}
          domains={(domains.data ?? []).map((d) => d.domain)}
          clients={clients.data ?? []}
          onSaved={() => sites.reload()}
        />
      ))}
    </Section>
  );
}

function SiteSettings(props: { site: Site; canWrite: boolean; domains: string[]; clients: { clientId: string; name: string }[]; onSaved: () => void }) {
  const s = props.site;
  const domains = props.domains.includes(s.domain) ? props.domains : [s.domain, ...props.domains];
  return (
    <section class="card site-settings" aria-labelledby={`site-${s.id}-heading`}>
      <h3 id={`site-${s.id}-heading`}>{s.name}</h3>
      <SettingsBlock
        id={`site-${s.id}`}
        label={`Site ${s.name}`}
        submit="Save site"
        specs={[
          { name: 'name', label: 'Site name', value: s.name, required: true },
          { name: 'domain', label: 'Domain', kind: 'select', value: s.domain, options: domains.map((d) => [d, d]) },
          { name: 'url', label: 'Address', kind: 'url', value: s.url, required: true, hint: 'https:// on the domain or a subdomain.' },
          {
            name: 'clientId',
            label: 'Browser client',
            kind: 'select',
            value: text(s.clientId),
            options: [['', 'None'], ...props.clients.map((c) => [c.clientId, `${c.name} (${c.clientId})`] as [string, string])],
            hint: "With a client, the site's origin may call the service.",
          },
        ]}
        canWrite={props.canWrite}
        version={`${s.updatedAt}:${props.domains.length}:${props.clients.length}`}
        save={async (v) => {
          const saved = await patch<Site>(`/management/sites/${encodeURIComponent(s.id)}`, { name: v.name, domain: v.domain, url: v.url, clientId: orNull(v.clientId) });
          props.onSaved();
          return `The site ${saved.name} is saved.`;
        }}
      />
    </section>
  );
}

export function SettingsPage() {
  const canWriteAny = useCan('sites:write');
  const staff = useStaff();
  return (
    <>
      <PageHeading title="Settings">Your script bundle, checkout, invoicing details, sign-in pages, signed links and sites.</PageHeading>
      {canWriteAny ? null : <p class="note">Your role ({staff.role}) can read these settings but not change them.</p>}
      <nav aria-label="Settings sections" class="settings-toc">
        <ul class="inline-list">
          <li>
            <a href="#script-heading">Script bundle</a>
          </li>
          <li>
            <a href="#checkout-heading">Checkout</a>
          </li>
          <li>
            <a href="#invoicing-heading">Invoicing details</a>
          </li>
          <li>
            <a href="#sign-in-pages-heading">Sign-in pages</a>
          </li>
          <li>
            <a href="#links-heading">Signed links</a>
          </li>
          <li>
            <a href="#sites-edit-heading">Sites</a>
          </li>
        </ul>
      </nav>
      <ScriptBundle />
      <Checkout />
      <Invoicing />
      <SignInPages />
      <SignedLinks />
      <Sites />
    </>
  );
}
