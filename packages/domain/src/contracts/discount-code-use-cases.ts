import { ConflictError, IdGenerator } from '../shared';
import { createDiscountCode, DiscountCode, normalizeDiscountCode } from './discount-code';
import { DiscountCodeRepository } from './ports';

export type NewDiscountCodeCommand = Omit<DiscountCode, 'id' | 'redemptions'>;

/** A vendor adds a discount code; codes are unique per vendor whatever their case. */
export class CreateDiscountCode {
  constructor(
    private readonly codes: DiscountCodeRepository,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: NewDiscountCodeCommand): Promise<DiscountCode> {
    const code = createDiscountCode({ ...command, id: this.ids.next(), code: normalizeDiscountCode(command.code) });
    if (!(await this.codes.add(code))) {
      throw new ConflictError('DISCOUNT_CODE.EXISTS', `discount code ${code.code} already exists`, { code: code.code });
    }
    return code;
  }
}

export class ListDiscountCodes {
  constructor(private readonly codes: Pick<DiscountCodeRepository, 'list'>) {}

  execute(vendorId: string): Promise<DiscountCode[]> {
    return this.codes.list(vendorId);
  }
}
