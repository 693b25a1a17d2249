import { CheckoutSnapshot, HANDOFF_WINDOW_MS, maySignInOnReturn, needsProofOfAddress, returnAddressOf } from '../../src/checkout';

const paidAt = new Date('2026-11-28T10:00:00Z');
const snapshot = (over: { payerCreated?: boolean; redirectUrl?: string | null; completedAt?: Date | null } = {}) =>
  ({
    id: 'c-1',
    payerCreated: over.payerCreated,
    completedAt: over.completedAt === undefined ? paidAt : over.completedAt,
    details: { redirectUrl: over.redirectUrl === undefined ? 'https://news.example.com/a?x=1' : over.redirectUrl },
  }) as unknown as CheckoutSnapshot;

describe('from payment to reading', () => {
  it('returns to redirectUrl with the checkout id, or nowhere without one', () => {
    expect(returnAddressOf(snapshot())).toBe('https://news.example.com/a?x=1&checkoutId=c-1');
    expect(returnAddressOf(snapshot({ redirectUrl: null }))).toBeNull();
  });

  it('signs in on return only an account this checkout made, within the hour, or one whose owner proved the address', () => {
    const within = new Date(paidAt.getTime() + HANDOFF_WINDOW_MS);
    const after = new Date(paidAt.getTime() + HANDOFF_WINDOW_MS + 1);
    expect(maySignInOnReturn(snapshot({ payerCreated: true }), within, false)).toBe(true);
    expect(maySignInOnReturn(snapshot({ payerCreated: true }), after, false)).toBe(false);
    expect(maySignInOnReturn(snapshot({ payerCreated: false }), within, false)).toBe(false);
    expect(maySignInOnReturn(snapshot({ payerCreated: false }), after, true)).toBe(true);
    expect(needsProofOfAddress(snapshot({ payerCreated: false }))).toBe(true);
    expect(needsProofOfAddress(snapshot({ payerCreated: true }))).toBe(false);
  });
});
