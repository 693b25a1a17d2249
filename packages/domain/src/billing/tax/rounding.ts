/**
 * The one rounding rule of tax (issue 18): VAT is computed per line, in
 * integer minor units, and a fraction of a minor unit is rounded half away
 * from zero (0.5 öre -> 1 öre, -0.5 -> -1). BigInt keeps the products exact.
 */
export function divideRoundingHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const quotient = (2n * n + denominator) / (2n * denominator);
  return negative ? -quotient : quotient;
}
