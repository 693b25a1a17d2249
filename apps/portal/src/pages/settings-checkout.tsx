import { useState } from 'preact/hooks';
import { get, patch } from '../api';
import { useCan, useLoad } from '../ui';
import { FieldRefusal, NotForRole, orNull, Section, SettingsBlock, Spec, text, Value } from './settings-form';

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

export function Checkout() {
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
