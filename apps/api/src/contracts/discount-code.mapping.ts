import { fromMajor, InvalidError } from '@kiosk/domain';
import { DiscountDuration, DiscountValue, NewDiscountCodeCommand } from '@kiosk/domain/contracts';
import { CreateDiscountCodeBody } from './contracts.dto';

/** The wire form of a discount code to the domain command; exactly one value and at most one duration. */
export function discountCodeCommand(vendorId: string, body: CreateDiscountCodeBody): NewDiscountCodeCommand {
  const { percentage, amount, currency } = body.value;
  let value: DiscountValue;
  if (percentage !== undefined && amount === undefined) value = { kind: 'percentage', percentage };
  else if (amount !== undefined && percentage === undefined && currency) value = { kind: 'amount', amount: fromMajor(amount, currency) };
  else throw new InvalidError('DISCOUNT_CODE.INVALID', 'value needs either percentage, or amount with currency');
  if (body.bills !== undefined && body.until !== undefined) {
    throw new InvalidError('DISCOUNT_CODE.INVALID', 'a discount lasts a number of bills or until a date, not both');
  }
  const duration: DiscountDuration =
    body.bills !== undefined
      ? { kind: 'bills', count: body.bills }
      : body.until !== undefined
        ? { kind: 'until', date: new Date(body.until) }
        : { kind: 'forever' };
  return {
    vendorId,
    code: body.code,
    name: body.name,
    description: body.description ?? '',
    value,
    duration,
    validFrom: body.validFrom ? new Date(body.validFrom) : null,
    validUntil: body.validUntil ? new Date(body.validUntil) : null,
    purchaseOptionIds: body.purchaseOptionIds ?? [],
    maxRedemptions: body.maxRedemptions ?? null,
  };
}
