import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  payment_method: string;
  metadata: Record<string, string>;
  setup_future_usage: string | null;
  last_payment_error: { message: string } | null;
}

/** Stripe's test payment methods as this double knows them. */
const BEHAVIOUR: Record<string, 'succeeds' | 'declined' | 'action' | 'fails_off_session'> = {
  pm_card_visa: 'succeeds',
  pm_card_chargeDeclined: 'declined',
  pm_card_authenticationRequired: 'action',
  pm_card_chargeCustomerFail: 'fails_off_session',
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/** `a[b]=c` form fields as nested objects, as stripe's API reads them. */
function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]/).filter(Boolean);
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

/**
 * A small local double of exactly the stripe endpoints the adapter calls:
 * customers, PaymentIntents create/retrieve/confirm/cancel, refunds
 * (partial, never more than is left, as stripe refuses), with
 * Idempotency-Key replays. It records every request.
 */
export async function startStripeDouble() {
  const intents = new Map<string, Intent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[] = [];
  let n = 0;
  const cardError = (intent: Intent, message: string) => ({
    status: 402,
    body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message, payment_intent: intent } },
  });

  const refunds: { id: string; object: 'refund'; payment_intent: string; amount: number; status: string; metadata: Record<string, string> }[] = [];
  /** How refunds of an intent go wrong, set by a test: stripe refuses (a dispute), reports the refund failed, or answers 500. */
  const refundTrouble = new Map<string, 'disputed' | 'failed' | 'down'>();
  const invalid = (message: string, code?: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', code, message } } });

  const refund = (body: Record<string, unknown>): { status: number; body: unknown } => {
    const intent = intents.get(String(body.payment_intent));
    if (!intent) return invalid(`No such payment_intent: '${String(body.payment_intent)}'`, 'resource_missing');
    const trouble = refundTrouble.get(intent.id);
    if (trouble === 'down') return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    if (trouble === 'disputed') return invalid(`Charge for ${intent.id} has been disputed; it cannot be refunded`, 'charge_disputed');
    if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const left = intent.amount - refunds.filter((r) => r.payment_intent === intent.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    if (left === 0) return invalid(`Charge for ${intent.id} has already been refunded.`, 'charge_already_refunded');
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left) return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large');
    const made = {
      id: `re_${++n}`, object: 'refund' as const, payment_intent: intent.id, amount,
      status: trouble === 'failed' ? 'failed' : 'succeeded', metadata: (body.metadata as Record<string, string>) ?? {},
    };
    refunds.push(made);
    return { status: 200, body: { ...made, ...(trouble === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}) } };
  };

  const handle = (method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } => {
    if (method === 'POST' && path === '/v1/refunds') return refund(body);
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: `cus_${++n}`, object: 'customer' } };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = String(body.payment_method);
      const intent: Intent = {
        id: `pi_${++n}`,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'succeeded',
        customer: (body.customer as string) ?? null,
        payment_method: pm,
        metadata: (body.metadata as Record<string, string>) ?? {},
        setup_future_usage: (body.setup_future_usage as string) ?? null,
        last_payment_error: null,
      };
      intents.set(intent.id, intent);
      const behaviour = BEHAVIOUR[pm];
      if (!behaviour) return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${pm}'` } } };
      if (behaviour === 'declined' || (behaviour === 'fails_off_session' && body.off_session === 'true')) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { message: 'Your card was declined.' };
        return cardError(intent, 'Your card was declined.');
      }
      if (behaviour === 'action') intent.status = 'requires_action';
      return { status: 200, body: intent };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    const intent = match ? intents.get(match[1]) : undefined;
    if (!match || !intent) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    if (method === 'GET' && !match[2]) return { status: 200, body: intent };
    if (method === 'POST' && match[2] === 'confirm') {
      // Stands in for the buyer finishing the bank's step.
      if (intent.status === 'requires_action') intent.status = 'succeeded';
      return { status: 200, body: intent };
    }
    if (method === 'POST' && match[2] === 'cancel') {
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
  };

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const body = parseForm(await read(req));
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? 'GET', path, body, idempotencyKey: key });
    const replayKey = key ? `${req.method} ${path} ${key}` : null;
    const reply = (replayKey && replies.get(replayKey)) || handle(req.method ?? 'GET', path, body);
    if (replayKey) replies.set(replayKey, reply);
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${n}` }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, intents, requests, refunds, refundTrouble, close: () => new Promise((resolve) => server.close(resolve)) };
}
