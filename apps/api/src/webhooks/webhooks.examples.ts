/**
 * Worked examples of the webhook management routes for the OpenAPI document
 * (the linter checks each against its schema). One endpoint throughout.
 */
export const ENDPOINT_ID = '0190a4cd-b1c2-7d34-85f6-0718293a4b5c';
export const MESSAGE_ID = 'msg_0190a4ceb2c37e4596a70819203a4b5c';

export const CREATE_ENDPOINT_EXAMPLE = {
  url: 'https://hooks.daily.example.com/kiosk',
  eventTypes: ['contract.created', 'contract.confirmed', 'bill.paid', 'entitlement.granted'],
  description: 'Subscriber sync',
};

export const ENDPOINT_EXAMPLE = {
  id: ENDPOINT_ID,
  url: 'https://hooks.daily.example.com/kiosk',
  eventTypes: ['contract.created', 'contract.confirmed', 'bill.paid', 'entitlement.granted'],
  description: 'Subscriber sync',
  status: 'enabled',
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-01T08:00:00.000Z',
};

export const ENDPOINT_WITH_SECRET_EXAMPLE = { ...ENDPOINT_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2JqXk9a6yT0=' };

export const UPDATE_ENDPOINT_EXAMPLE = {
  eventTypes: ['contract.created', 'contract.confirmed', 'contract.renewed', 'bill.paid', 'entitlement.granted'],
  description: 'Subscriber sync with renewals',
};

export const UPDATED_ENDPOINT_EXAMPLE = {
  ...ENDPOINT_EXAMPLE,
  ...UPDATE_ENDPOINT_EXAMPLE,
  updatedAt: '2026-03-12T09:30:00.000Z',
};

export const DISABLED_ENDPOINT_EXAMPLE = {
  ...ENDPOINT_EXAMPLE,
  status: 'disabled',
  disabledReason: 'by request',
  updatedAt: '2026-03-12T09:35:00.000Z',
};

export const ROTATED_SECRET_EXAMPLE = {
  secret: 'whsec_3mZ0kq1Jm8xQb0Xr9v2WcY7p5Lh4Ns6Tg1Ue8Rd2Ko0=',
  previousSecretExpiresAt: '2026-03-13T09:40:00.000Z',
};

export const ATTEMPT_EXAMPLES = [
  {
    id: '0190a4cf-c3d4-7e56-8798-a9b0c1d2e3f4',
    deliveryId: '0190a4cf-b2c3-7d45-8687-98a9b0c1d2e3',
    messageId: MESSAGE_ID,
    eventType: 'contract.confirmed',
    attempt: 2,
    startedAt: '2026-03-12T09:01:05.000Z',
    durationMs: 184,
    statusCode: 200,
    outcome: 'delivered',
    error: null,
    responseExcerpt: '{"received":true}',
    nextAttemptAt: null,
  },
  {
    id: '0190a4cf-a1b2-7c34-8576-8798a9b0c1d2',
    deliveryId: '0190a4cf-b2c3-7d45-8687-98a9b0c1d2e3',
    messageId: MESSAGE_ID,
    eventType: 'contract.confirmed',
    attempt: 1,
    startedAt: '2026-03-12T09:00:00.000Z',
    durationMs: 15_000,
    statusCode: null,
    outcome: 'failed',
    error: 'no answer within 15 seconds',
    responseExcerpt: null,
    nextAttemptAt: null,
  },
];

export const REPLAY_EXAMPLE = { since: '2026-03-12T00:00:00.000Z' };

export const QUEUED_EXAMPLE = { messageIds: [MESSAGE_ID] };

export const EVENT_TYPES_EXAMPLE = {
  eventTypes: [
    { type: 'contract.created', description: 'A contract was created (PENDING, or at once confirmed).' },
    { type: 'contract.confirmed', description: 'A PENDING contract was confirmed; it is FORTHCOMING or ACTIVE.' },
    { type: 'bill.paid', description: 'A bill of a contract was paid.' },
    { type: 'entitlement.granted', description: 'A user was given access to a product (from a contract, a seat or auto-onboarding).' },
  ],
};
