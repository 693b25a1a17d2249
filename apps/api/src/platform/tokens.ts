import { Clock, IdGenerator, PersonalDataEraser } from '@kiosk/domain';
import { ServiceIdentifier } from 'inversify';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Config } from '../config';
import { Controller } from './http/routes';
import { EventHandler, PeriodicTask, WorkerStep } from './outbox/worker';
import { VendorTimedWork } from './vendor-time';

/** Identifiers of what the composition root binds that has no class of its own. */
export const TOKENS = {
  Config: Symbol.for('Config') as ServiceIdentifier<Config>,
  DataSource: Symbol.for('DataSource') as ServiceIdentifier<DataSource>,
  Clock: Symbol.for('Clock') as ServiceIdentifier<Clock>,
  Ids: Symbol.for('IdGenerator') as ServiceIdentifier<IdGenerator>,
  Logger: Symbol.for('Logger') as ServiceIdentifier<Logger>,
  /** Multi-bound: every module's HTTP controllers. */
  Controller: Symbol.for('Controller') as ServiceIdentifier<Controller>,
  /** Multi-bound: reactions to outbox events. */
  EventHandler: Symbol.for('EventHandler') as ServiceIdentifier<EventHandler>,
  /** Multi-bound: one per module that holds personal data; DELETE /profile runs them all in one transaction. */
  PersonalDataEraser: Symbol.for('PersonalDataEraser') as ServiceIdentifier<PersonalDataEraser>,
  /** Multi-bound: work the worker runs on a schedule. */
  PeriodicTask: Symbol.for('PeriodicTask') as ServiceIdentifier<PeriodicTask>,
  /** Multi-bound: work every worker claims on each tick, beside the others (webhook deliveries). */
  WorkerStep: Symbol.for('WorkerStep') as ServiceIdentifier<WorkerStep>,
  /** Multi-bound: a vendor's time-driven work (timed contract moves, the outbox), run in order when a test clock advances. */
  VendorTimedWork: Symbol.for('VendorTimedWork') as ServiceIdentifier<VendorTimedWork>,
};
