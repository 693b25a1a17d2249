import { useState } from 'preact/hooks';
import { get, patch } from '../api';
import { useCan, useLoad, when } from '../ui';
import { FieldRefusal, NotForRole, orNull, Section, SettingsBlock, Spec, text, Value } from './settings-form';

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

export function Invoicing() {
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
