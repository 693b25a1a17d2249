import { refundAmount, remainingRefundable } from '../../src/billing';

const sek = (minor: number) => ({ minor, currency: 'SEK' });
const payment = { id: 'tx1', amount: sek(10000), isRefund: false };
const refund = (minor: number) => ({ amount: sek(minor), isRefund: true });

describe('remainingRefundable', () => {
  it('is the payment less the refunds on its bill, never below zero', () => {
    expect(remainingRefundable(payment, [])).toBe(10000);
    expect(remainingRefundable(payment, [refund(2500), refund(2500)])).toBe(5000);
    expect(remainingRefundable(payment, [refund(2500), { amount: sek(999), isRefund: false }])).toBe(7500);
    expect(remainingRefundable(payment, [refund(12000)])).toBe(0);
    expect(remainingRefundable({ ...payment, isRefund: true }, [])).toBe(0);
  });
});

describe('refundAmount', () => {
  it('refunds the whole remainder when no amount is asked', () => {
    expect(refundAmount(payment, [refund(3000)])).toBe(7000);
  });

  it('refunds a part up to exactly what remains', () => {
    expect(refundAmount(payment, [refund(3000)], 7000)).toBe(7000);
    expect(refundAmount(payment, [], 1)).toBe(1);
  });

  it('refuses more than remains, and anything once all is refunded', () => {
    expect(() => refundAmount(payment, [refund(3000)], 7001)).toThrow(expect.objectContaining({ code: 'TRANSACTION.REFUND_EXCEEDS_REMAINING' }));
    expect(() => refundAmount(payment, [refund(10000)])).toThrow(expect.objectContaining({ code: 'TRANSACTION.REFUND_EXCEEDS_REMAINING' }));
  });

  it('refuses zero, negative and fractional minor amounts, and refunding a refund', () => {
    expect(() => refundAmount(payment, [], 0)).toThrow(expect.objectContaining({ code: 'TRANSACTION.BAD_REFUND_AMOUNT' }));
    expect(() => refundAmount(payment, [], -5)).toThrow(expect.objectContaining({ code: 'TRANSACTION.BAD_REFUND_AMOUNT' }));
    expect(() => refundAmount(payment, [], 1.5)).toThrow(expect.objectContaining({ code: 'TRANSACTION.BAD_REFUND_AMOUNT' }));
    expect(() => refundAmount({ ...payment, isRefund: true }, [], 100)).toThrow(expect.objectContaining({ code: 'TRANSACTION.NOT_REFUNDABLE' }));
  });
});
