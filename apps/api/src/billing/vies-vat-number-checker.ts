import { formatCheck, VatNumberCheck, VatNumberChecker, vatPrefixOf } from '@kiosk/domain/billing';

/**
 * Checks VAT numbers with the European Commission's VIES service through its
 * REST API (`POST {VIES_URL}/check-vat-number`, body `{countryCode,
 * vatNumber}`, answer `{valid, requestDate, requestIdentifier, ...}`).
 * A number of wrong form is never sent (INVALID at once); a VIES that does
 * not answer, answers an error (`MS_UNAVAILABLE`, `TIMEOUT`, ...) or times
 * out gives UNAVAILABLE, so the sale is taxed as a consumer's and the
 * invoice says why. Off by default (VAT_NUMBER_CHECK=vies turns it on).
 */
export class ViesVatNumberChecker implements VatNumberChecker {
  readonly method = 'VIES' as const;

  constructor(
    private readonly options: { readonly url: string; readonly timeoutMs: number; readonly fetch?: typeof fetch },
  ) {}

  async check(input: { vatNumber: string; country: string; now: Date }): Promise<VatNumberCheck> {
    const form = formatCheck(input);
    const base = { vatNumber: form.vatNumber, country: form.country, method: this.method, checkedAt: input.now.toISOString() };
    if (form.status !== 'VALID') return { ...base, status: 'INVALID', reason: form.reason };
    const countryCode = vatPrefixOf(form.country);
    const unavailable = (why: string): VatNumberCheck => ({ ...base, status: 'UNAVAILABLE', reason: `VIES did not answer: ${why}` });
    try {
      const response = await (this.options.fetch ?? fetch)(`${this.options.url.replace(/\/$/, '')}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode, vatNumber: form.vatNumber.slice(countryCode.length) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as ViesAnswer | null;
      if (!response.ok || !body || typeof body.valid !== 'boolean') {
        return unavailable(body?.errorWrappers?.[0]?.error ?? `HTTP ${response.status}`);
      }
      return {
        ...base,
        status: body.valid ? 'VALID' : 'INVALID',
        reference: typeof body.requestIdentifier === 'string' && body.requestIdentifier ? body.requestIdentifier : null,
        reason: body.valid ? null : 'VIES does not know the number as a valid registration',
      };
    } catch (error) {
      return unavailable(error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error');
    }
  }
}

interface ViesAnswer {
  readonly valid?: unknown;
  readonly requestIdentifier?: unknown;
  readonly errorWrappers?: readonly { readonly error?: string }[];
}
