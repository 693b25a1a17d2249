import { GetBillingSettings, RateOverride, UpdateBillingSettings, VendorBillingSettings } from '@kiosk/domain/billing';
import { Controller, route } from '../platform/http/routes';
import { BillingSettingsView, RateOverrideBody, UpdateBillingSettingsBody } from './billing-settings.dto';
import { BAD_SETTINGS } from './billing.error-examples';

export const BILLING_SETTINGS_EXAMPLE = {
  legalName: 'Dagbladet Nord AB',
  street: 'Storgatan 1',
  zip: '111 22',
  city: 'Stockholm',
  country: 'SE',
  vatNumber: 'SE556703748501',
  paymentInstructions: 'Bankgiro 5050-1055, or IBAN SE45 5000 0000 0583 9825 7466, BIC ESSESESS',
  organisationNumber: '5567037485',
  gln: null,
  iban: 'SE4550000000058398257466',
  bic: 'ESSESESS',
  bankgiro: '50501055',
  plusgiro: null,
  rateOverrides: [{ country: 'SE', category: 'news', rate: 6 }],
  updatedAt: '2026-03-01T09:00:00.000Z',
};

const UPDATE_EXAMPLE = { legalName: 'Dagbladet Nord AB', vatNumber: 'SE556703748501', rateOverrides: [{ country: 'SE', category: 'news', rate: 6 }] };

/** Percent (2.1) to basis points (210) and back, without floating-point surprises. */
const toBasisPoints = (o: RateOverrideBody): RateOverride => ({ country: o.country, category: o.category, rate: Math.round(o.rate * 100) });

export const billingSettingsView = (s: VendorBillingSettings) => ({
  legalName: s.legalName,
  street: s.street,
  zip: s.zip,
  city: s.city,
  country: s.country,
  vatNumber: s.vatNumber,
  paymentInstructions: s.paymentInstructions,
  organisationNumber: s.organisationNumber ?? null,
  gln: s.gln ?? null,
  iban: s.iban ?? null,
  bic: s.bic ?? null,
  bankgiro: s.bankgiro ?? null,
  plusgiro: s.plusgiro ?? null,
  rateOverrides: s.rateOverrides.map((o) => ({ country: o.country, category: o.category, rate: o.rate / 100 })),
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

/** The seller on the vendor's invoices (docs/invoices.md): legal name, address, VAT number, payment instructions, rate overrides. */
export class BillingSettingsController implements Controller {
  constructor(
    private readonly get: GetBillingSettings,
    private readonly update: UpdateBillingSettings,
  ) {}

  routes() {
    const tags = ['management: billing settings'];
    return [
      route({
        method: 'get',
        path: '/management/billing-settings',
        operationId: 'getBillingSettings',
        summary: "The vendor's invoicing identity and VAT rate overrides",
        description:
          'What invoices say of the seller: legal name, address, VAT number and payment instructions, plus rates the vendor ' +
          'sets itself per country and tax category (percent). Fields never set are `null`; the vendor name stands in for ' +
          'the legal name and SE for the country until they are set.',
        tags,
        auth: { kind: 'bearer', scope: 'bills:read' },
        examples: { responses: { 200: BILLING_SETTINGS_EXAMPLE } },
        responses: { 200: { description: 'The settings', schema: BillingSettingsView } },
        handler: async ({ res, principal }) => {
          res.json(billingSettingsView(await this.get.execute(principal.vendorId)));
        },
      }),
      route<UpdateBillingSettingsBody>({
        method: 'patch',
        path: '/management/billing-settings',
        operationId: 'updateBillingSettings',
        summary: "Change the vendor's invoicing identity or rate overrides; fields left out stay, null clears",
        description:
          'The VAT number must have a valid form for `country` (prefix, length and check digits; SE when no country is set), ' +
          'else 400 `BILLING.BAD_SETTINGS`. `rateOverrides` replaces the whole list; each names a country, a tax category ' +
          '(standard, news, book, audiobook, e_publication, physical_periodical) and a rate in percent. Invoices already ' +
          'issued keep what they said. The bank account (`iban` with its checksum, `bic`, Swedish `bankgiro` and `plusgiro` ' +
          'with their check digits), `organisationNumber` (Swedish: 10 digits, Luhn) and `gln` are checked the same way; ' +
          'e-invoices carry them as the payee account and the seller\'s identifiers.',
        tags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: UpdateBillingSettingsBody },
        examples: { request: UPDATE_EXAMPLE, responses: { 200: BILLING_SETTINGS_EXAMPLE } },
        responses: { 200: { description: 'The settings as changed', schema: BillingSettingsView }, 400: BAD_SETTINGS },
        handler: async ({ res, body, principal }) => {
          const { rateOverrides, ...fields } = body;
          const saved = await this.update.execute({
            vendorId: principal.vendorId,
            change: {
              ...fields,
              ...(rateOverrides === undefined ? {} : { rateOverrides: (rateOverrides ?? []).map(toBasisPoints) }),
            },
          });
          res.json(billingSettingsView(saved));
        },
      }),
    ];
  }
}
