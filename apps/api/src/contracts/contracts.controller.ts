import { Clock } from '@kiosk/domain';
import {
  AssignSeat,
  ConfirmContract,
  CreateContract,
  CreateDiscountCode,
  GetContract,
  ListDiscountCodes,
  ListSeatUsers,
  ListContracts,
  RemoveSeat,
  RequestCancel,
  SetSeats,
} from '@kiosk/domain/contracts';
import { readerFilter, UserRepository } from '@kiosk/domain/identity';
import { Logger } from 'pino';
import { ContractTaxView } from './contract.views';
import { Controller, route } from '../platform/http/routes';
import {
  AssignSeatBody,
  CancelContractBody,
  ContractsQuery,
  ContractView,
  CreateContractBody,
  CreateDiscountCodeBody,
  DiscountCodeView,
  LicenseView,
  SeatUsersQuery,
  SeatUserView,
  SetSeatsBody,
} from './contracts.dto';
import { contractView, discountCodeView, licenseViews, seatUserView } from './contract.views';
import { discountCodeCommand } from './discount-code.mapping';
import {
  ASSIGN_SEAT_EXAMPLE,
  CANCEL_REQUESTED_CONTRACT_EXAMPLE,
  CONTRACT_EXAMPLE,
  CONTRACT_ID,
  CREATE_CONTRACT_EXAMPLE,
  CREATE_DISCOUNT_CODE_EXAMPLE,
  DISCOUNT_CODE_EXAMPLE,
  LICENSE_EXAMPLE,
  MANAGEMENT_CANCEL_EXAMPLE,
  SEAT_USER_EXAMPLES,
  SEAT_USER_ID,
  SET_SEATS_EXAMPLE,
  TEAM_CONTRACT_EXAMPLE,
  TEAM_CONTRACT_ID,
} from './contracts.examples';
import { ALREADY_CANCELED, SEAT_USER_NOT_FOUND } from './contracts.error-examples';

const READ = { kind: 'bearer', scope: 'contracts:read' } as const;
const WRITE = { kind: 'bearer', scope: 'contracts:write' } as const;
const tags = ['management: contracts'];

/** Major units with at most two decimals to minor units (the DTO has checked the decimals). */
const minorUnits = (major: number) => Math.round(major * 100);

export interface ContractUseCases {
  create: CreateContract;
  get: GetContract;
  list: ListContracts;
  confirm: ConfirmContract;
  cancel: RequestCancel;
  setSeats: SetSeats;
  listSeatUsers: ListSeatUsers;
  assignSeat: AssignSeat;
  removeSeat: RemoveSeat;
  createDiscountCode: CreateDiscountCode;
  listDiscountCodes: ListDiscountCodes;
  /** The vendor's users by e-mail: the `email` filter of the list. */
  users: Pick<UserRepository, 'findByEmail'>;
}

/** The management routes of interface 4.1 for contracts, seats and (beyond it) discount codes. */
export class ContractsController implements Controller {
  constructor(
    private readonly useCases: ContractUseCases,
    private readonly clock: Clock,
    private readonly baseUrl: string,
    private readonly taxOf: ContractTaxView | null = null,
    private readonly logger: Logger | null = null,
  ) {}

  private view = async (contract: Parameters<typeof contractView>[0]) =>
    contractView(contract, this.clock.now(), this.baseUrl, this.taxOf ? await this.taxOf(contract) : null);

  routes() {
    const u = this.useCases;
    return [
      route<CreateContractBody>({
        method: 'post',
        path: '/management/contracts',
        operationId: 'createContract',
        summary: 'Create an invoiced contract, optionally confirming it at once',
        description:
          'Not idempotent by itself (rule 1); send an Idempotency-Key header to make a retry return the first answer. ' +
          'With `confirm: true` and a discount code that cannot be applied, the contract is left PENDING and unbilled and ' +
          'the 400 problem names it (`contractId`). On 503 the contract may exist: look it up before retrying; when the ' +
          'confirm failed after the contract was stored, the 503 names it (`contractId`, left PENDING: confirm it).',
        tags,
        auth: WRITE,
        body: { dto: CreateContractBody },
        examples: { request: CREATE_CONTRACT_EXAMPLE, responses: { 201: CONTRACT_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: ContractView } },
        handler: async ({ res, body, principal }) => {
          const contract = await u.create.execute({
            vendorId: principal.vendorId,
            sku: body.sku,
            purchaseOptionId: body.purchaseOptionId,
            contractType: body.contractType,
            user: body.user,
            payer: body.payer,
            invoice: body.invoice,
            quantity: body.quantity,
            seats: body.seats,
            unitPrice: body.unitPrice && {
              amountMinor: body.unitPrice.amount === undefined ? undefined : minorUnits(body.unitPrice.amount),
              taxIncluded: body.unitPrice.taxIncluded,
            },
            discountCodes: body.discountCodes,
            payment: body.payment,
            startsAt: body.startsAt ? new Date(body.startsAt) : undefined,
            anchorDate: body.anchorDate ? new Date(body.anchorDate) : undefined,
            confirm: body.confirm,
          });
          res.status(201).json(await this.view(contract));
        },
      }),
      route<unknown, ContractsQuery>({
        method: 'get',
        path: '/management/contracts',
        operationId: 'listContractsOfUser',
        summary: "The vendor's contracts, newest first, a page at a time (`limit`, `offset`), by `status`, `userId` and `email`",
        description:
          'A bare array (no envelope, no total). `limit` 1 to 500, default 50; `offset` from 0. With `userId` and no ' +
          '`limit`, every contract of that user (how a client checks whether a create succeeded). `email` is the ' +
          "contract user's whole e-mail address, case ignored (an empty list when no user has it; with `userId` too, both " +
          'must name the same user); a malformed address is a 400 `USER.BAD_EMAIL`.',
        tags,
        auth: READ,
        query: ContractsQuery,
        examples: { query: { status: 'ACTIVE', email: 'anna@example.com', limit: 50 }, responses: { 200: [CONTRACT_EXAMPLE] } },
        responses: { 200: { description: 'The contracts', schema: [ContractView] } },
        handler: async ({ res, query, principal }) => {
          const reader = await readerFilter(u.users, principal.vendorId, query);
          if (!reader) return void res.json([]);
          const contracts = await u.list.execute({
            vendorId: principal.vendorId,
            userId: reader.userId,
            status: query.status,
            limit: query.limit,
            offset: query.offset,
          });
          res.json(await Promise.all(contracts.map(this.view)));
        },
      }),
      route({
        method: 'get',
        path: '/management/contracts/{id}',
        operationId: 'getContract',
        summary: 'One contract',
        description: "A contract of the vendor by its id; another vendor's contract is a 404.",
        tags,
        auth: READ,
        examples: { params: { id: CONTRACT_ID }, responses: { 200: CONTRACT_EXAMPLE } },
        responses: { 200: { description: 'The contract', schema: ContractView } },
        handler: async ({ res, params, principal }) => {
          res.json(await this.view(await u.get.execute({ vendorId: principal.vendorId, contractId: params.id })));
        },
      }),
      route({
        method: 'post',
        path: '/management/contracts/{id}/confirm',
        operationId: 'confirmContract',
        summary: 'Confirm a PENDING contract: ACTIVE, or FORTHCOMING before its start; safe to repeat',
        description:
          'Confirming bills the contract and, through the outbox, grants the reader the entitlements of its items. ' +
          'A contract that cannot be confirmed (cancelled) answers 409 `CONTRACT.NOT_CONFIRMABLE`.',
        tags,
        auth: WRITE,
        examples: { params: { id: CONTRACT_ID }, responses: { 200: CONTRACT_EXAMPLE } },
        responses: { 200: { description: 'Confirmed (also when it already was)', schema: ContractView } },
        handler: async ({ res, params, principal }) => {
          res.json(await this.view(await u.confirm.execute({ vendorId: principal.vendorId, contractId: params.id })));
        },
      }),
      route<CancelContractBody>({
        method: 'post',
        path: '/management/contracts/{id}/cancel',
        operationId: 'cancelContract',
        summary: 'Cancel a contract: a subscription runs to the end of its paid period (willCancelAt), anything else ends now',
        description:
          "The vendor's side of the reader's `POST /contracts/{id}/cancel`, with the same rules. A running subscription is " +
          'set to cancel: `willCancelAt` (and `expiresAt`) is the end of the paid period, `cancelRequestedAt` now, no ' +
          'further bill is issued, access and seats last until then and the contract becomes CANCELED at that date. A ' +
          'PENDING contract, a one-time purchase or a period already over ends at once (CANCELED, access and seats ' +
          'revoked). `reason` becomes `cancelReason` (default `VENDOR_REQUEST`); `comment` goes to the service log only. ' +
          'Repeating on a contract set to cancel answers it unchanged; a contract that has already ended (CANCELED) ' +
          "answers 409 `CONTRACT.ALREADY_CANCELED`. Another vendor's contract is a 404 `CONTRACT.NOT_FOUND`.",
        tags,
        auth: WRITE,
        body: { dto: CancelContractBody },
        examples: { params: { id: CONTRACT_ID }, request: MANAGEMENT_CANCEL_EXAMPLE, responses: { 200: CANCEL_REQUESTED_CONTRACT_EXAMPLE } },
        responses: {
          200: { description: 'The contract, set to cancel or canceled (also when it already was set to cancel)', schema: ContractView },
          409: ALREADY_CANCELED,
        },
        handler: async ({ res, params, body, principal }) => {
          const contract = await u.cancel.execute({
            vendorId: principal.vendorId,
            contractId: params.id,
            reason: body.reason?.trim() || 'VENDOR_REQUEST',
            refuseCanceled: true,
          });
          if (body.comment) this.logger?.info({ contractId: params.id, vendorId: principal.vendorId, comment: body.comment }, 'cancel comment');
          res.json(await this.view(contract));
        },
      }),
      route<SetSeatsBody>({
        method: 'put',
        path: '/management/contracts/{id}/seats',
        operationId: 'setSeats',
        summary: 'Set the seat total of a license item; price and quantity stay as they are',
        description:
          'Takes effect at once on an ACTIVE, FORTHCOMING or OVERDUE contract that is not set to cancel; seat holders get ' +
          'their access shortly after. `sku` (the license or the content SKU) is needed when the contract has more than ' +
          'one license item. Setting the seats the contract already has answers it unchanged; fewer seats than holders, or ' +
          'seats on a product that is not a license, is a 400. To bill the extra seats, change the price separately.',
        tags,
        auth: WRITE,
        body: { dto: SetSeatsBody },
        examples: { params: { id: TEAM_CONTRACT_ID }, request: SET_SEATS_EXAMPLE, responses: { 200: TEAM_CONTRACT_EXAMPLE } },
        responses: { 200: { description: 'The contract with its new seats', schema: ContractView } },
        handler: async ({ res, params, body, principal }) => {
          const contract = await u.setSeats.execute({
            vendorId: principal.vendorId,
            contractId: params.id,
            seats: body.seats,
            sku: body.sku,
          });
          res.json(await this.view(contract));
        },
      }),
      route<unknown, SeatUsersQuery>({
        method: 'get',
        path: '/management/contracts/{id}/seats/users',
        operationId: 'listSeatUsers',
        summary: 'Seat users; `sku` filters by license item and accepts the content or the license SKU',
        description:
          'Every person holding a seat, the administering user first. A seat user is PENDING until their entitlement is ' +
          'granted (shortly after the assignment), then ACTIVE with its `entitlementId`; removed seats are left out. A ' +
          "seat's `sku` is the content product it unlocks, not the `-multi` license SKU.",
        tags,
        auth: READ,
        query: SeatUsersQuery,
        examples: { params: { id: TEAM_CONTRACT_ID }, query: { sku: 'daily-digital' }, responses: { 200: SEAT_USER_EXAMPLES } },
        responses: { 200: { description: 'Seat users', schema: [SeatUserView] } },
        handler: async ({ res, params, query, principal }) => {
          const users = await u.listSeatUsers.execute({ vendorId: principal.vendorId, contractId: params.id, sku: query.sku });
          res.json(users.map(seatUserView));
        },
      }),
      route<AssignSeatBody>({
        method: 'post',
        path: '/management/contracts/{id}/seats/users',
        operationId: 'assignSeat',
        summary: 'Give a seat to a person by e-mail (a user is created for an unknown e-mail)',
        description:
          'Uses one of the free seats of the license item (`sku` is needed when the contract has more than one). No free ' +
          'seat left is a 409 `CONTRACT.NO_FREE_SEAT`; raise the total with `PUT .../seats` first. The person appears in the seat users at once ' +
          'and gets their entitlement shortly after.',
        tags,
        auth: WRITE,
        body: { dto: AssignSeatBody },
        examples: { params: { id: TEAM_CONTRACT_ID }, request: ASSIGN_SEAT_EXAMPLE },
        responses: { 204: { description: 'Assigned; access follows shortly after' } },
        handler: async ({ res, params, body, principal }) => {
          await u.assignSeat.execute({ vendorId: principal.vendorId, contractId: params.id, email: body.email, sku: body.sku });
          res.status(204).end();
        },
      }),
      route({
        method: 'delete',
        path: '/management/contracts/{id}/seats/users/{userId}',
        operationId: 'removeSeatUser',
        summary: 'Take a seat back; the user leaves the list and loses the access',
        description:
          'The seat becomes free for someone else and the entitlement it gave is revoked. `userId` is the one the seat ' +
          'users list returns; the administering user keeps the first seat. A repeated delete answers 404 ' +
          '`CONTRACT.SEAT_USER_NOT_FOUND`: the seat is free already.',
        tags,
        auth: WRITE,
        examples: { params: { id: TEAM_CONTRACT_ID, userId: SEAT_USER_ID } },
        responses: { 204: { description: 'Removed' }, 404: SEAT_USER_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await u.removeSeat.execute({ vendorId: principal.vendorId, contractId: params.id, userId: params.userId });
          res.status(204).end();
        },
      }),
      route({
        method: 'get',
        path: '/management/contracts/{id}/licenses',
        operationId: 'listContractLicenses',
        summary: 'Deprecated: the license items with their seats and holders; use seats/users',
        description:
          'Kept for older clients, with a `Deprecation: true` header: each license item of the contract with its seat ' +
          'total, the seats taken and their holders. `GET .../seats/users` gives the same holders.',
        deprecated: true,
        tags,
        auth: READ,
        examples: { params: { id: TEAM_CONTRACT_ID }, responses: { 200: [LICENSE_EXAMPLE] } },
        responses: { 200: { description: 'License items', schema: [LicenseView] } },
        handler: async ({ res, params, principal }) => {
          const contract = await u.get.execute({ vendorId: principal.vendorId, contractId: params.id });
          const users = await u.listSeatUsers.execute({ vendorId: principal.vendorId, contractId: params.id });
          res.set('Deprecation', 'true').json(licenseViews(contract, users));
        },
      }),
      route<CreateDiscountCodeBody>({
        method: 'post',
        path: '/management/discount-codes',
        operationId: 'createDiscountCode',
        summary: 'Create a discount code (percentage or amount, for a number of bills or until a date)',
        description:
          'The value is a `percentage` (0.01 to 100) or an `amount` in major units with its `currency`. It lasts for ' +
          '`bills` bills, `until` a date, or without end when both are left out; `validFrom`/`validUntil` bound when it ' +
          'can be redeemed, `purchaseOptionIds` where (empty: everywhere), `maxRedemptions` how often. A code already ' +
          'taken by the vendor is a 409 `DISCOUNT_CODE.EXISTS`.',
        tags: ['management: discount codes'],
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: CreateDiscountCodeBody },
        examples: { request: CREATE_DISCOUNT_CODE_EXAMPLE, responses: { 201: { ...DISCOUNT_CODE_EXAMPLE, redemptions: 0 } } },
        responses: { 201: { description: 'Created', schema: DiscountCodeView } },
        handler: async ({ res, body, principal }) => {
          const code = await u.createDiscountCode.execute(discountCodeCommand(principal.vendorId, body));
          res.status(201).json(discountCodeView(code));
        },
      }),
      route({
        method: 'get',
        path: '/management/discount-codes',
        operationId: 'listDiscountCodes',
        summary: "The vendor's discount codes with their redemptions",
        description: 'Every code of the vendor, with how often it has been redeemed (`redemptions`); absent limits are `null`.',
        tags: ['management: discount codes'],
        auth: { kind: 'bearer', scope: 'products:read' },
        examples: { responses: { 200: [DISCOUNT_CODE_EXAMPLE] } },
        responses: { 200: { description: 'The codes', schema: [DiscountCodeView] } },
        handler: async ({ res, principal }) => {
          res.json((await u.listDiscountCodes.execute(principal.vendorId)).map(discountCodeView));
        },
      }),
    ];
  }
}

