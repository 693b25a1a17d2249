import { Principal } from '@kiosk/domain/identity';
import { CheckPaywallAccess, GetPublicPaywall, RecordPaywallAccess } from '@kiosk/domain/paywalls';
import { Controller, route } from '../platform/http/routes';
import { ExecuteStrategyBody, ExecuteStrategyQuery, PaywallAccessBody } from './paywalls.dto';
import { ACCESS_SCHEMA, CHECK_SCHEMA, EXECUTE_SCHEMA, PAYWALL_SCHEMA } from './paywalls.views';
import {
  ACCESS_ALLOWED_EXAMPLE,
  ACCESS_REQUEST_EXAMPLE,
  CHECK_EXAMPLE,
  EXECUTE_EXAMPLE,
  EXECUTE_REQUEST_EXAMPLE,
  PAYWALL_EXAMPLE,
  PAYWALL_ID,
  STRATEGY_ID,
} from './paywalls.examples';
import { StrategyExecutor } from './strategy-executor';

const READER = { kind: 'reader' } as const;
const tags = ['paywalls'];

/** The reader the request is about: the signed-in user, or the visitor of Basic credentials. */
function readerOf(principal: Principal): { userId: string | null; visitorId: string | null } {
  if (principal.kind === 'user') return { userId: principal.userId, visitorId: null };
  if (principal.kind === 'visitor') return { userId: null, visitorId: principal.visitorId };
  return { userId: null, visitorId: null };
}

/**
 * The user-facing paywall routes of interface 4.3. Auth `reader`: a signed-in
 * reader's bearer token, or Basic `<browser client id>:<visitor id>`; the
 * vendor is the one the credentials belong to.
 */
export class PaywallReaderController implements Controller {
  constructor(
    private readonly getPublic: GetPublicPaywall,
    private readonly access: RecordPaywallAccess,
    private readonly check: CheckPaywallAccess,
    private readonly executor: StrategyExecutor,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/paywalls/{paywallId}',
        operationId: 'getPaywallRenderShape',
        summary: 'The public render shape of an active paywall (2.9); archived or unknown ones are 404',
        description:
          'What a page needs to draw the paywall: its offers (`subscriptions`, prices in major units of `currency`), texts ' +
          '(`headline`, `description` as HTML), colours and the leaky allowance (`settings.leaky`). The admin fields (name, ' +
          'status, entity, previewUrl, timestamps) are left out.',
        tags,
        auth: READER,
        examples: { params: { paywallId: PAYWALL_ID }, responses: { 200: PAYWALL_EXAMPLE } },
        responses: { 200: { description: 'The paywall', schema: PAYWALL_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(await this.getPublic.execute({ vendorId: principal.vendorId, paywallId: params.paywallId }));
        },
      }),
      route<PaywallAccessBody>({
        method: 'post',
        path: '/paywalls/{paywallId}/access',
        operationId: 'recordPaywallAccess',
        summary: 'Record a read against the leaky allowance: a signed link, or the paywall when the free reads are spent',
        description:
          'Opening the same content again inside the window is free; readers entitled to the content are allowed without a read. ' +
          'The signed link is `url` with a `service_token` that /capsule/vendors/{vendorId}/verify accepts. ' +
          '`renewsAt` (the service\'s own field): when the free reads are spent, the instant a free read comes back (the oldest read ' +
          'of the rolling window leaves it); null otherwise.',
        tags,
        auth: READER,
        body: { dto: PaywallAccessBody },
        examples: { params: { paywallId: PAYWALL_ID }, request: ACCESS_REQUEST_EXAMPLE, responses: { 200: ACCESS_ALLOWED_EXAMPLE } },
        responses: { 200: { description: 'allowed or blocked', schema: ACCESS_SCHEMA } },
        handler: async ({ res, params, body, principal }) => {
          const result = await this.access.execute({
            vendorId: principal.vendorId,
            paywallId: params.paywallId,
            ...readerOf(principal),
            publisherContentId: body.publisherContentId,
            url: body.url,
          });
          res.json(
            result.status === 'allowed'
              ? { status: result.status, signedLink: result.signedLink, remaining: result.remaining, renewsAt: null }
              : { status: result.status, remaining: result.remaining, paywall: result.paywall, renewsAt: result.renewsAt?.toISOString() ?? null },
          );
        },
      }),
      route<PaywallAccessBody>({
        method: 'post',
        path: '/paywalls/{paywallId}/access/check',
        operationId: 'checkPaywallAccess',
        summary: 'What access would answer now, recording nothing',
        description:
          '`status` is `allowed` when a read would be granted (free reads left, the content already opened in the window, ' +
          'or an entitled reader) and `blocked` otherwise; `remaining` is the free reads left. The paywall comes along so ' +
          'a page can draw it at once. `renewsAt` (the service\'s own field): when blocked because the free reads are spent, the ' +
          'instant a free read comes back; null otherwise.',
        tags,
        auth: READER,
        body: { dto: PaywallAccessBody },
        examples: { params: { paywallId: PAYWALL_ID }, request: ACCESS_REQUEST_EXAMPLE, responses: { 200: CHECK_EXAMPLE } },
        responses: { 200: { description: 'The decision and the paywall', schema: CHECK_SCHEMA } },
        handler: async ({ res, params, body, principal }) => {
          const result = await this.check.execute({
            vendorId: principal.vendorId,
            paywallId: params.paywallId,
            ...readerOf(principal),
            publisherContentId: body.publisherContentId,
            url: body.url,
          });
          res.json({ status: result.status, remaining: result.remaining, paywall: result.paywall, renewsAt: result.renewsAt?.toISOString() ?? null });
        },
      }),
      route<ExecuteStrategyBody, ExecuteStrategyQuery>({
        method: 'post',
        path: '/paywalls/strategies/{strategyId}/execute',
        operationId: 'executePaywallStrategy',
        summary: 'Evaluate a strategy for the visitor: the paywall to show and the matched leaf; never consumes a read',
        description:
          'Device comes from `debugUserAgent` when given, else the User-Agent header; country from the client address ' +
          '(TRUST_PROXY decides whether X-Forwarded-For is believed). `debug=true` adds the debug object.',
        tags,
        auth: READER,
        body: { dto: ExecuteStrategyBody },
        query: ExecuteStrategyQuery,
        examples: {
          params: { strategyId: STRATEGY_ID },
          query: { debug: 'true' },
          request: EXECUTE_REQUEST_EXAMPLE,
          responses: { 200: EXECUTE_EXAMPLE },
        },
        responses: { 200: { description: 'The resolved paywall', schema: EXECUTE_SCHEMA } },
        handler: async ({ req, res, params, body, query, principal }) => {
          const answer = await this.executor.execute({
            vendorId: principal.vendorId,
            strategyId: params.strategyId,
            ...readerOf(principal),
            attribution: body.attribution,
            content: body.content,
            userAgent: body.debugUserAgent ?? req.headers['user-agent'],
            clientIp: req.ip,
            debug: query.debug === 'true',
          });
          res.json(answer);
        },
      }),
    ];
  }
}
