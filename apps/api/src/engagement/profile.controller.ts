import { EraseAccount, GetProfile, GetStreamingLink, ReaderRef, SetStreamingLink, UpdateProfile } from '@kiosk/domain/engagement';
import { Principal } from '@kiosk/domain/identity';
import { Controller, route } from '../platform/http/routes';
import { EngagementSuccessView, ProfilePatchBody, ProfileView, StreamingLinkView } from './profile.dto';
import { profileView } from './profile.views';
import { PROFILE_EXAMPLE, PROFILE_PATCH_EXAMPLE } from './engagement.examples';
import { profileCompatibilityRoutes } from './profile-compat.routes';
import { BAD_PROFILE } from './engagement.error-examples';

/** The signed-in reader of a `user` route (the route's auth guarantees the kind). */
export function readerOf(principal: Principal): ReaderRef {
  if (principal.kind !== 'user') throw new Error('a user route ran without a reader');
  return { vendorId: principal.vendorId, userId: principal.userId };
}

const TAGS = ['profile'];

export class ProfileController implements Controller {
  constructor(
    private readonly get: GetProfile,
    private readonly update: UpdateProfile,
    private readonly erase: EraseAccount,
    private readonly streamingLink: GetStreamingLink,
    private readonly setStreamingLink: SetStreamingLink,
  ) {}

  routes() {
    const canonical = this.canonicalRoutes();
    // After the named `/profile/...` paths: `/profile/{userId}` must not swallow them (Express matches in order).
    return [...canonical, ...profileCompatibilityRoutes(canonical)];
  }

  private canonicalRoutes() {
    return [
      route({
        method: 'get',
        path: '/profile',
        operationId: 'getProfile',
        summary: "The signed-in reader's profile",
        description: 'A field with no value is `null`; `tags` and `user_metadata` are always there (empty when none).',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { responses: { 200: PROFILE_EXAMPLE } },
        responses: { 200: { description: 'Profile (interface 2.7)', schema: ProfileView } },
        handler: async ({ res, principal }) => void res.json(profileView(await this.get.execute(readerOf(principal)))),
      }),
      route<ProfilePatchBody>({
        method: 'patch',
        path: '/profile',
        operationId: 'updateProfile',
        summary: "Changes the reader's profile",
        description:
          'Only firstName, lastName, nickname, mobilePhone, workPhone, homePhone, billingAddress, deliveryAddress, ' +
          'user_metadata, companyInfo, given_name, family_name and phone_number; any other field answers 400. ' +
          '`null` clears a field. given_name/family_name/phone_number are the same fields as firstName/lastName/mobilePhone; ' +
          'both forms with different values answer 400. Addresses need a two-letter country. user_metadata is merged ' +
          '(null removes a key) within the metadata limits. All or nothing.',
        tags: TAGS,
        auth: { kind: 'user' },
        body: { dto: ProfilePatchBody },
        examples: { request: PROFILE_PATCH_EXAMPLE, responses: { 200: PROFILE_EXAMPLE } },
        responses: {
          200: { description: 'The updated profile', schema: ProfileView },
          400: BAD_PROFILE,
        },
        handler: async ({ res, body, principal }) => {
          const { firstName, lastName, given_name, family_name, nickname, mobilePhone, phone_number, workPhone, homePhone } = body;
          const profile = await this.update.execute({
            ...readerOf(principal),
            patch: {
              firstName,
              lastName,
              given_name,
              family_name,
              nickname,
              mobilePhone,
              phone_number,
              workPhone,
              homePhone,
              billingAddress: body.billingAddress === null ? null : body.billingAddress && { ...body.billingAddress },
              deliveryAddress: body.deliveryAddress === null ? null : body.deliveryAddress && { ...body.deliveryAddress },
              companyInfo: body.companyInfo === null ? null : body.companyInfo && { ...body.companyInfo },
              user_metadata: body.user_metadata,
            },
          });
          res.json(profileView(profile));
        },
      }),
      route({
        method: 'delete',
        path: '/profile',
        operationId: 'deleteProfile',
        summary: "Erases the reader's account for good",
        description:
          'Irreversible. In one transaction every module erases the reader: profile, metadata, tags, tallies, ' +
          'diagnostics, fulfillments and entitlements go; the user becomes a tombstone (e-mail and names gone); ' +
          'contracts, bills, transactions and invoices stay, tied only to the opaque user id. Tokens of the ' +
          'reader are refused from then on (401), so a repeated delete with the same token answers 401.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { responses: { 200: { success: true } } },
        responses: { 200: { description: '`{success: true}`', schema: EngagementSuccessView } },
        handler: async ({ res, principal }) => {
          const { success } = await this.erase.execute(readerOf(principal));
          res.json({ success });
        },
      }),
      route({
        method: 'get',
        path: '/profile/streaming-link',
        operationId: 'getStreamingLink',
        summary: 'Whether the reader has linked a streaming account',
        description:
          'A streaming account is linked through `GET /auth/streaming-link` (the access-sync flow); this tells a page ' +
          'whether to offer that link or the unlink button.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { responses: { 200: { isStreamingLinked: true } } },
        responses: { 200: { description: '`{isStreamingLinked}`', schema: StreamingLinkView } },
        handler: async ({ res, principal }) => void res.json(await this.streamingLink.execute(readerOf(principal))),
      }),
      route({
        method: 'post',
        path: '/profile/unlink-streaming',
        operationId: 'unlinkStreaming',
        summary: 'Unlinks the streaming account (also a success when none was linked)',
        description: 'Safe to repeat; afterwards `GET /profile/streaming-link` answers `isStreamingLinked: false`.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: { responses: { 200: { success: true } } },
        responses: { 200: { description: '`{success: true}`', schema: EngagementSuccessView } },
        handler: async ({ res, principal }) =>
          void res.json(await this.setStreamingLink.execute({ ...readerOf(principal), linked: false })),
      }),
    ];
  }
}
