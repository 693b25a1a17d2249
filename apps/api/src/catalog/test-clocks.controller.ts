import { InvalidError } from '@kiosk/domain';
import { AdvanceTestClock, GetTestClock } from '@kiosk/domain/catalog';
import { TEST_CLOCK_READ, TEST_CLOCK_WRITE } from '@kiosk/domain/identity';
import { Controller, route } from '../platform/http/routes';
import { AdvanceTestClockBody, TestClockView, testClockView } from './test-clocks.dto';
import { CLOCK_ADVANCING, NO_TEST_CLOCK } from './catalog.error-examples';

const tags = ['management: test clock'];
const EXAMPLE = {
  vendorId: 'acme-test',
  frozenTime: '2027-01-01T00:00:00.000Z',
  status: 'ready',
  advancingTo: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  updatedAt: '2026-11-25T12:05:00.000Z',
};
// PostgreSQL's timestamptz ends in year 294276; a test clock has no business beyond the four-digit years.
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The instant of an advance request, or a 400 (never an invalid Date reaching the database). */
function instantOf(text: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || at.getTime() > LATEST || at.getTime() < 0) {
    throw new InvalidError('TEST_CLOCK.BAD_TIME', 'frozenTime must be an ISO 8601 instant between 1970 and 9999', { frozenTime: text });
  }
  return at;
}

/**
 * A test-mode vendor's test clock: read it, and advance it. Advancing runs,
 * in order and before it answers, every timed move of the vendor that fell
 * due on the way (contracts starting, renewing, going overdue, canceled)
 * and the outbox events they record (so their webhooks are made).
 */
export class TestClocksController implements Controller {
  constructor(
    private readonly getClock: GetTestClock,
    private readonly advanceClock: AdvanceTestClock,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/management/test-clock',
        operationId: 'getTestClock',
        summary: "The vendor's test clock: the instant everything of the vendor reads as now, and whether an advance is running",
        description:
          'Only a vendor made in test mode (`kiosk vendor:create --test-mode`) has one; a production vendor keeps the system ' +
          'clock and gets 404 `TEST_CLOCK.NOT_FOUND`.',
        tags,
        auth: { kind: 'bearer', scope: TEST_CLOCK_READ },
        examples: { responses: { 200: EXAMPLE } },
        responses: {
          200: { description: 'The clock', schema: TestClockView },
          404: NO_TEST_CLOCK,
        },
        handler: async ({ res, principal }) => {
          res.json(testClockView(await this.getClock.execute(principal.vendorId)));
        },
      }),
      route<AdvanceTestClockBody>({
        method: 'post',
        path: '/management/test-clock/advance',
        operationId: 'advanceTestClock',
        summary: 'Move the test clock forward, running every timed move that fell due on the way, in order',
        description:
          'Steps through each instant at which something of the vendor fell due (a contract starting, a renewal bill, an ' +
          'unpaid bill making the contract OVERDUE, cancellation for non-payment or at `willCancelAt`, a delayed job), ' +
          "runs it with the clock at that instant and handles the events it records (entitlements, voided bills, webhook " +
          "messages stamped with the test clock's time), then answers with the clock at `frozenTime`. Webhook deliveries " +
          'are then sent by the worker, due by this clock. Errors: 400 `TEST_CLOCK.BACKWARDS` (earlier than the clock), ' +
          '409 `TEST_CLOCK.PRODUCTION_VENDOR` (a production vendor), 409 `TEST_CLOCK.ADVANCING` (another advance is running).',
        tags,
        auth: { kind: 'bearer', scope: TEST_CLOCK_WRITE },
        body: { dto: AdvanceTestClockBody },
        examples: { request: { frozenTime: '2027-01-01T00:00:00Z' }, responses: { 200: EXAMPLE } },
        responses: {
          200: { description: 'Advanced: the clock, ready', schema: TestClockView },
          409: CLOCK_ADVANCING,
        },
        handler: async ({ res, body, principal }) => {
          const clock = await this.advanceClock.execute({ vendorId: principal.vendorId, to: instantOf(body.frozenTime) });
          res.json(testClockView(clock));
        },
      }),
    ];
  }
}
