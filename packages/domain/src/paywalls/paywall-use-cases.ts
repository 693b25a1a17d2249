import { Clock, ConflictError, IdGenerator } from '../shared';
import { PaywallNotFound } from './errors';
import { NewPaywall, Paywall, PaywallChange } from './paywall';
import { PaywallPublicView } from './paywall-content';
import { SavedBy } from './history';
import { PaywallRepository } from './ports';

/** Management: a new ACTIVE paywall at version 1. */
export class CreatePaywall {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'add'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: Omit<NewPaywall, 'id'> & { savedBy?: SavedBy | null }): Promise<Paywall> {
    const { savedBy, ...input } = command;
    const paywall = Paywall.create({ ...input, id: this.ids.next() }, this.clock.now());
    if (!(await this.paywalls.add(paywall, savedBy ?? null))) {
      throw new ConflictError('PAYWALL.EXISTS', `paywall ${paywall.id} already exists`, { paywallId: paywall.id });
    }
    return paywall;
  }
}

/** Management: a change; the version rises by one when something changed. */
export class ChangePaywall {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; paywallId: string; change: PaywallChange; savedBy?: SavedBy | null }): Promise<Paywall> {
    return this.paywalls.update(
      command.vendorId,
      command.paywallId,
      (paywall) => {
        paywall.change(command.change, this.clock.now());
        return paywall;
      },
      command.savedBy ?? null,
    );
  }
}

/** Management: archive; safe to repeat. */
export class RetirePaywall {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; paywallId: string; savedBy?: SavedBy | null }): Promise<Paywall> {
    return this.paywalls.update(
      command.vendorId,
      command.paywallId,
      (paywall) => {
        paywall.retire(this.clock.now());
        return paywall;
      },
      command.savedBy ?? null,
    );
  }
}

/** Management: one paywall in any status (its admin view). */
export class GetPaywall {
  constructor(private readonly paywalls: Pick<PaywallRepository, 'find'>) {}

  async execute(command: { vendorId: string; paywallId: string }): Promise<Paywall> {
    const paywall = await this.paywalls.find(command.vendorId, command.paywallId);
    if (!paywall) throw new PaywallNotFound(command.paywallId);
    return paywall;
  }
}

export class ListPaywalls {
  constructor(private readonly paywalls: Pick<PaywallRepository, 'list'>) {}

  execute(command: { vendorId: string }): Promise<Paywall[]> {
    return this.paywalls.list(command.vendorId);
  }
}

/** `GET /paywalls/{paywallId}`: the public render shape of an active paywall; archived ones are not found. */
export class GetPublicPaywall {
  constructor(private readonly paywalls: Pick<PaywallRepository, 'find'>) {}

  async execute(command: { vendorId: string; paywallId: string }): Promise<PaywallPublicView> {
    const paywall = await this.paywalls.find(command.vendorId, command.paywallId);
    if (!paywall || !paywall.isActive) throw new PaywallNotFound(command.paywallId);
    return paywall.toPublicView();
  }
}
