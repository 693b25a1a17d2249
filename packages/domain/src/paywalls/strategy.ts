import { copyData, InvalidError, RecordsEvents } from '../shared';
import { StrategyArchived } from './errors';
import { flowFingerprint } from './flow-fingerprint';
import { StrategyFlow } from './strategy-flow';
import { parseStrategyFlow } from './strategy-validation';

export type StrategyStatus = 'ACTIVE' | 'ARCHIVED';

declare const prepared: unique symbol;

/**
 * A flow checked by `parseStrategyFlow` together with its fingerprint. Only
 * `prepareFlow` makes one: hashing is asynchronous (WebCrypto), so it runs
 * before the aggregate's synchronous intent methods.
 */
export interface PreparedFlow {
  readonly flow: StrategyFlow;
  readonly fingerprint: string;
  readonly [prepared]: true;
}

export async function prepareFlow(input: unknown): Promise<PreparedFlow> {
  const flow = parseStrategyFlow(input);
  return { flow, fingerprint: await flowFingerprint(flow) } as PreparedFlow;
}

export interface StrategySnapshot {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  /** Where the vendor uses the strategy (a site, section or page type); free text, '' for none. */
  readonly target: string;
  readonly status: StrategyStatus;
  readonly version: number;
  readonly flow: StrategyFlow;
  readonly fingerprint: string;
  readonly createdAt: Date;
  readonly modifiedAt: Date;
}

export interface NewStrategy {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  readonly target?: string;
  readonly flow: PreparedFlow;
}

export interface StrategyChange {
  readonly name?: string;
  readonly target?: string;
  readonly flow?: PreparedFlow;
}

/** A vendor's paywall strategy: a named, versioned flow. */
export class Strategy extends RecordsEvents {

  private constructor(private state: StrategySnapshot) {
    super();
  }

  protected get eventSource() {
    return { vendorId: this.state.vendorId, aggregateId: this.state.id };
  }

  static create(input: NewStrategy, now: Date): Strategy {
    const strategy = new Strategy({
      id: input.id,
      vendorId: input.vendorId,
      name: checkName(input.name),
      target: checkTarget(input.target ?? ''),
      status: 'ACTIVE',
      version: 1,
      flow: input.flow.flow,
      fingerprint: input.flow.fingerprint,
      createdAt: now,
      modifiedAt: now,
    });
    strategy.record('strategy.created', now);
    return strategy;
  }

  static fromSnapshot(snapshot: StrategySnapshot): Strategy {
    return new Strategy(copyData(snapshot));
  }

  toSnapshot(): StrategySnapshot {
    return copyData(this.state);
  }


  get id(): string {
    return this.state.id;
  }
  get vendorId(): string {
    return this.state.vendorId;
  }
  get name(): string {
    return this.state.name;
  }
  get target(): string {
    return this.state.target;
  }
  get status(): StrategyStatus {
    return this.state.status;
  }
  get isActive(): boolean {
    return this.state.status === 'ACTIVE';
  }
  get version(): number {
    return this.state.version;
  }
  get flow(): StrategyFlow {
    return this.state.flow;
  }
  get fingerprint(): string {
    return this.state.fingerprint;
  }
  get modifiedAt(): Date {
    return this.state.modifiedAt;
  }

  /** False (same version) when nothing changes; an archived strategy refuses. */
  change(change: StrategyChange, now: Date): boolean {
    if (!this.isActive) throw new StrategyArchived(this.id);
    const name = change.name === undefined ? this.state.name : checkName(change.name);
    const target = change.target === undefined ? this.state.target : checkTarget(change.target);
    const flow = change.flow ?? { flow: this.state.flow, fingerprint: this.state.fingerprint };
    const s = this.state;
    if (name === s.name && target === s.target && flow.fingerprint === s.fingerprint) return false;
    this.state = { ...s, name, target, flow: flow.flow, fingerprint: flow.fingerprint, version: s.version + 1, modifiedAt: now };
    this.record('strategy.changed', now);
    return true;
  }

  retire(now: Date): boolean {
    if (!this.isActive) return false;
    this.state = { ...this.state, status: 'ARCHIVED', version: this.state.version + 1, modifiedAt: now };
    this.record('strategy.retired', now);
    return true;
  }

  private record(type: string, now: Date): void {
    this.recordEvent(type, now, { version: this.state.version, fingerprint: this.state.fingerprint });
  }
}

function checkName(name: string): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length === 0 || trimmed.length > 200) {
    throw new InvalidError('STRATEGY.BAD_NAME', 'strategy name must be 1 to 200 characters');
  }
  return trimmed;
}

function checkTarget(target: string): string {
  if (typeof target !== 'string' || target.length > 200) {
    throw new InvalidError('STRATEGY.BAD_TARGET', 'strategy target must be at most 200 characters');
  }
  return target.trim();
}
