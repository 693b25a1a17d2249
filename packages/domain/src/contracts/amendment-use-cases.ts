import { ProductRepository, PurchaseOptionRepository } from '../catalog';
import { Clock, IdGenerator, Money } from '../shared';
import {
  Amendment,
  AmendmentDiscount,
  AmendmentNotConfirmable,
  AmendmentNotFound,
  AmendmentRepository,
  AmendmentType,
  BadAmendment,
  changePathsFor,
  ContractNotAmendable,
  DiscountAlreadyApplied,
  itemChangeOf,
  NextBill,
  prorateRemaining,
} from './amendment';
import { Contract } from './contract';
import { discountApplicability, normalizeDiscountCode } from './discount-code';
import { ContractNotFound } from './errors';
import { invoiceIssuedBills } from './lifecycle-use-cases';
import { BillInvoicing, ContractRepository, DiscountCodeRepository } from './ports';
import { billAmount, codeDiscountsBillAt, discountAppliesAt, discountFromCode } from './pricing';
import { addCycles } from './period';
import { money } from '../shared';

/** Interface 2.6a Upgrade option: one per contract item (`itemId` is the item's sku). */
export interface UpgradeOption {
  readonly itemId: string;
  readonly sku: string;
  readonly purchaseOptionId: string;
  readonly paths: readonly {
    readonly type: 'UPGRADE' | 'DOWNGRADE';
    readonly sku: string;
    readonly purchaseOptionId: string;
    readonly title: string;
    readonly cover: string | null;
    readonly description: string;
    readonly features: readonly string[];
    readonly price: Money;
  }[];
}

async function ownContract(
  contracts: Pick<ContractRepository, 'find'>,
  command: { vendorId: string; contractId: string; userId: string },
): Promise<Contract> {
  const contract = await contracts.find(command.vendorId, command.contractId);
  if (!contract || contract.userId !== command.userId) throw new ContractNotFound(command.contractId);
  return contract;
}

/** GET /contracts/{id}/upgrade-options: empty when the contract cannot be changed now. */
export class ListUpgradeOptions {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'find'>,
    private readonly products: Pick<ProductRepository, 'find'>,
    private readonly options: Pick<PurchaseOptionRepository, 'listForProduct'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; contractId: string; userId: string }): Promise<UpgradeOption[]> {
    const contract = await ownContract(this.contracts, command);
    if (contract.whyNotAmendable(this.clock.now())) return [];
    const snapshot = contract.toSnapshot();
    const result: UpgradeOption[] = [];
    for (const item of snapshot.items) {
      const product = await this.products.find(command.vendorId, item.sku);
      const options = await this.options.listForProduct(command.vendorId, item.sku);
      const paths = changePathsFor(item, snapshot.recurrence, options).map(({ option, type }) => ({
        type,
        sku: item.sku,
        purchaseOptionId: option.id,
        title: product?.title ?? item.name,
        cover: product?.cover ?? item.cover,
        description: option.name,
        features: [],
        price: option.price,
      }));
      if (paths.length > 0) result.push({ itemId: item.sku, sku: item.sku, purchaseOptionId: item.purchaseOptionId, paths });
    }
    return result;
  }
}

export interface CreateAmendmentCommand {
  vendorId: string;
  contractId: string;
  userId: string;
  type: AmendmentType;
  /** The target option of an UPGRADE or DOWNGRADE. */
  purchaseOptionId?: string;
  /** The code of a DISCOUNT amendment. */
  discountCode?: string;
}

/**
 * POST /contracts/{id}/amendments: a quote. Nothing on the contract changes
 * until it is confirmed; the amendment says what the next bill will be. A
 * DISCOUNT whose code cannot be applied is stored REJECTED with the code
 * listed UNAPPLICABLE (as the management create does for its codes).
 */
export class CreateAmendment {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'find'>,
    private readonly options: Pick<PurchaseOptionRepository, 'listForProduct'>,
    private readonly discountCodes: Pick<DiscountCodeRepository, 'find'>,
    private readonly amendments: Pick<AmendmentRepository, 'add'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateAmendmentCommand): Promise<Amendment> {
    const now = this.clock.now();
    const contract = await ownContract(this.contracts, command);
    const why = contract.whyNotAmendable(now);
    if (why) throw new ContractNotAmendable(contract.id, why);
    const base = {
      id: this.ids.next(),
      vendorId: command.vendorId,
      contractId: contract.id,
      userId: command.userId,
      type: command.type,
      createdAt: now,
      updatedAt: now,
      confirmedAt: null,
    };
    const amendment: Amendment =
      command.type === 'DISCOUNT'
        ? { ...base, ...(await this.discountQuote(contract, command.discountCode, now)) }
        : { ...base, ...(await this.changeQuote(contract, command, now)) };
    await this.amendments.add(amendment);
    return amendment;
  }

  private async changeQuote(contract: Contract, command: CreateAmendmentCommand, now: Date) {
    if (!command.purchaseOptionId) throw new BadAmendment(`an ${command.type} needs purchaseOptionId`);
    if (command.discountCode) throw new BadAmendment(`an ${command.type} takes no discountCode`);
    const snapshot = contract.toSnapshot();
    for (const item of snapshot.items) {
      const options = await this.options.listForProduct(contract.vendorId, item.sku);
      const path = changePathsFor(item, snapshot.recurrence, options).find((p) => p.option.id === command.purchaseOptionId);
      if (!path) continue;
      if (path.type !== command.type) {
        throw new BadAmendment(`purchase option ${path.option.id} is a ${path.type}, not an ${command.type}`, {
          purchaseOptionId: path.option.id,
          type: path.type,
        });
      }
      const change = itemChangeOf(item.sku, path.option);
      const periodEnd = snapshot.periodEnd!;
      const nextBill: NextBill =
        path.type === 'UPGRADE'
          ? {
              total: prorateRemaining(
                money((change.unitPrice.minor - item.unitPrice.minor) * item.quantity, snapshot.currency),
                fullCycleStart(snapshot) ?? now,
                periodEnd,
                now,
              ),
              date: now,
            }
          : {
              total: billAmount(money(change.unitPrice.minor * item.quantity, snapshot.currency), snapshot.discount, periodEnd),
              date: periodEnd,
            };
      return { status: 'PENDING' as const, change, discountCode: null, appliedDiscounts: [], nextBill };
    }
    throw new BadAmendment(`purchase option ${command.purchaseOptionId} is no upgrade path of this contract`, {
      purchaseOptionId: command.purchaseOptionId,
    });
  }

  private async discountQuote(contract: Contract, requested: string | undefined, now: Date) {
    const code = normalizeDiscountCode(requested ?? '');
    if (!code) throw new BadAmendment('a DISCOUNT needs discountCode');
    const snapshot = contract.toSnapshot();
    const periodEnd = snapshot.periodEnd!;
    const found = await this.discountCodes.find(contract.vendorId, code);
    const rejected = (reason: string) => ({
      status: 'REJECTED' as const,
      change: null,
      discountCode: found?.code ?? code,
      appliedDiscounts: [
        {
          id: found?.id ?? null,
          code: found?.code ?? code,
          name: found?.name ?? code,
          description: found?.description ?? '',
          status: 'UNAPPLICABLE' as const,
          reason,
        },
      ],
      nextBill: null,
    });
    const item = snapshot.items[0];
    const verdict = discountApplicability(found, { purchaseOptionId: item.purchaseOptionId, currency: snapshot.currency }, now);
    if (!verdict.applicable || !found) return rejected(verdict.applicable ? 'UNKNOWN_CODE' : verdict.reason);
    // A DISCOUNT amendment takes effect with the next bill: a code ended by then would discount nothing.
    if (!codeDiscountsBillAt(found, periodEnd)) return rejected('EXPIRED');
    if (discountAppliesAt(snapshot.discount, periodEnd)) return rejected('ANOTHER_DISCOUNT_APPLIED');
    const applied: AmendmentDiscount = {
      id: found.id,
      code: found.code,
      name: found.name,
      description: found.description,
      status: 'PENDING',
      reason: null,
    };
    const nextPrice = contract.nextPrice ?? contract.price;
    return {
      status: 'PENDING' as const,
      change: null,
      discountCode: found.code,
      appliedDiscounts: [applied],
      nextBill: { total: billAmount(nextPrice, discountFromCode(found), periodEnd), date: periodEnd },
    };
  }
}

function fullCycleStart(s: ReturnType<Contract['toSnapshot']>): Date | null {
  return s.cycleAnchor && s.recurrence ? addCycles(s.cycleAnchor, s.recurrence, s.cycle - 1) : null;
}

/**
 * POST /contracts/{id}/amendments/{amendmentId}/confirm: applies the quoted
 * change in the contract's locked step (an upgrade's prorated bill goes to
 * the invoicing provider there, like every bill); the amendment is marked
 * CONFIRMED by a conditional update in the same transaction, so parallel
 * confirms apply it once. Confirming a CONFIRMED amendment again succeeds
 * and changes nothing.
 */
export class ConfirmAmendment {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'update'>,
    private readonly amendments: Pick<AmendmentRepository, 'find' | 'confirm'>,
    private readonly discountCodes: Pick<DiscountCodeRepository, 'find' | 'redeem'>,
    private readonly invoicing: BillInvoicing,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; contractId: string; amendmentId: string; userId: string }): Promise<Amendment> {
    return this.contracts.update(command.vendorId, command.contractId, async (contract) => {
      if (contract.userId !== command.userId) throw new ContractNotFound(command.contractId);
      const amendment = await this.amendments.find(command.vendorId, command.contractId, command.amendmentId);
      if (!amendment || amendment.userId !== command.userId) throw new AmendmentNotFound(command.amendmentId);
      if (amendment.status === 'CONFIRMED') return amendment;
      if (amendment.status !== 'PENDING') throw new AmendmentNotConfirmable(amendment.id, amendment.status);
      const now = this.clock.now();
      let confirmed: Amendment;
      if (amendment.change) {
        contract.changePurchaseOption(amendment.change, now);
        const [bill] = contract.takeIssuedBills();
        // Issued bills were taken for the amendment's figures; hand them to the provider as every bill goes.
        if (bill) await this.invoicing.send(bill, contract);
        confirmed = {
          ...amendment,
          nextBill: bill ? { total: bill.price, date: bill.createdAt } : amendment.nextBill,
        };
      } else {
        confirmed = { ...amendment, appliedDiscounts: [await this.applyDiscount(contract, amendment, now)] };
      }
      await invoiceIssuedBills(contract, this.invoicing);
      confirmed = { ...confirmed, status: 'CONFIRMED', updatedAt: now, confirmedAt: now };
      if (!(await this.amendments.confirm(confirmed))) throw new AmendmentNotConfirmable(amendment.id, 'no longer PENDING');
      return confirmed;
    });
  }

  private async applyDiscount(contract: Contract, amendment: Amendment, now: Date): Promise<AmendmentDiscount> {
    const code = await this.discountCodes.find(contract.vendorId, amendment.discountCode ?? '');
    const snapshot = contract.toSnapshot();
    const verdict = discountApplicability(
      code,
      { purchaseOptionId: snapshot.items[0].purchaseOptionId, currency: snapshot.currency },
      now,
    );
    if (!code || !verdict.applicable) {
      throw new BadAmendment(`discount code ${amendment.discountCode} can no longer be applied`, {
        reason: verdict.applicable ? 'UNKNOWN_CODE' : verdict.reason,
      });
    }
    if (!codeDiscountsBillAt(code, snapshot.periodEnd ?? now)) {
      throw new BadAmendment(`discount code ${code.code} ends before the next bill`, { reason: 'EXPIRED' });
    }
    if (discountAppliesAt(snapshot.discount, snapshot.periodEnd ?? now)) throw new DiscountAlreadyApplied(contract.id);
    if (!(await this.discountCodes.redeem(contract.vendorId, code.id))) {
      throw new BadAmendment(`discount code ${code.code} reached its redemption limit`, { reason: 'REDEMPTION_LIMIT_REACHED' });
    }
    const discount = discountFromCode(code);
    contract.applyDiscount(
      discount,
      {
        id: code.id,
        code: code.code,
        name: code.name,
        description: code.description,
        status: 'APPLIED',
        reason: null,
        startsAt: now,
        endsAt: discount.until,
      },
      now,
    );
    return { id: code.id, code: code.code, name: code.name, description: code.description, status: 'APPLIED', reason: null };
  }
}
