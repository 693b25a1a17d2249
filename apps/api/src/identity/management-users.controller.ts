import {
  DeleteUserMetadata,
  EraseAccount,
  GetProfile,
  PutUserMetadata,
  UpdateProfile,
  USER_METADATA_LIMITS,
} from '@kiosk/domain/engagement';
import {
  ChangeLoginIdentifier,
  changeableUser,
  CreateManagedUser,
  GetManagedUser,
  ListManagedUsers,
  managedUser,
  nameOf,
  normalizeEmail,
  SetUserPassword,
  splitName,
  StaffCheck,
  User,
  UserDirectory,
} from '@kiosk/domain/identity';
import { NEITHER_TEXT_NOR_JSON, tooLarge } from '../platform/http/problem-examples';
import { Controller, route } from '../platform/http/routes';
import { customerXml } from './management-customers';
import {
  ChangeLoginIdentifierBody,
  CreateManagementUserBody,
  ManagementUsersQuery,
  ManagementUserView,
  SetPasswordBody,
  UpdateManagementUserBody,
} from './management-users.dto';
import { BAD_EMAIL, BAD_METADATA_KEY, EMAIL_TAKEN, USER_EXISTS, USER_IS_STAFF, USER_NOT_FOUND, WEAK_PASSWORD } from './management-users.error-examples';
import {
  CHANGE_LOGIN_IDENTIFIER_EXAMPLE,
  CREATE_MANAGED_USER_EXAMPLE,
  CUSTOMER_XML_EXAMPLE,
  MANAGED_USER_EXAMPLE,
  MANAGED_USER_ID,
  SET_PASSWORD_EXAMPLE,
  UPDATE_MANAGED_USER_EXAMPLE,
  UPDATED_MANAGED_USER_EXAMPLE,
} from './management-users.examples';

/** What the management user routes use: identity's users and passwords, engagement's profile, metadata and erasure. */
export interface ManagementUserUseCases {
  list: ListManagedUsers;
  get: GetManagedUser;
  create: CreateManagedUser;
  changeLogin: ChangeLoginIdentifier;
  setPassword: SetUserPassword;
  directory: Pick<UserDirectory, 'find'>;
  staff: StaffCheck;
  profileTimes: { updatedAt(vendorId: string, userIds: readonly string[]): Promise<Map<string, Date>> };
  getProfile: GetProfile;
  updateProfile: UpdateProfile;
  erase: EraseAccount;
  putMetadata: PutUserMetadata;
  deleteMetadata: DeleteUserMetadata;
}

const READ = { kind: 'bearer', scope: 'users:read' } as const;
const WRITE = { kind: 'bearer', scope: 'users:write' } as const;
const tags = ['management: users'];
const METADATA_LIMITS =
  `Keys: 1 to ${USER_METADATA_LIMITS.keyMaxLength} of A-Z a-z 0-9 _ . : - (else 400); values: at most ` +
  `${USER_METADATA_LIMITS.valueMaxBytes} bytes (413); at most ${USER_METADATA_LIMITS.maxKeys} keys per user (400).`;

/** The later of the profile's last change and the user's creation, as the profile shows it. */
const userView = (user: User, profileAt: Date | undefined): ManagementUserView => ({
  id: user.id,
  email: user.email,
  name: nameOf(user),
  createdAt: user.createdAt.toISOString(),
  updatedAt: (profileAt && profileAt > user.createdAt ? profileAt : user.createdAt).toISOString(),
});

/** Management-interface 3.2 (users) and 3.8 (customers). */
export class ManagementUsersController implements Controller {
  constructor(private readonly u: ManagementUserUseCases) {}

  private async views(vendorId: string, users: User[]): Promise<ManagementUserView[]> {
    const times = await this.u.profileTimes.updatedAt(
      vendorId,
      users.map((user) => user.id),
    );
    return users.map((user) => userView(user, times.get(user.id)));
  }

  private async view(vendorId: string, userId: string): Promise<ManagementUserView> {
    const [view] = await this.views(vendorId, [await this.u.get.execute({ vendorId, userId })]);
    return view;
  }

  routes() {
    const u = this.u;
    return [
      route<unknown, ManagementUsersQuery>({
        method: 'get',
        path: '/management/users',
        operationId: 'listManagementUsers',
        summary: "The vendor's users, newest first, a page at a time (`limit`, `offset`); `search` in e-mail or name, `ids`, `staff`",
        description:
          'A bare array (no envelope, no total). `limit` 1 to 500, default 50; `offset` from 0. `search` matches part of ' +
          'the e-mail or of the name, case ignored. `ids` (user ids separated by commas, at most 100, else 400 ' +
          '`USER.TOO_MANY_IDS`) lists only those users: how a list of contracts or bills finds the names of its readers. ' +
          "`staff=true` lists only the vendor's own team (its staff members' user accounts), `staff=false` leaves them " +
          'out (readers only); without it both are listed. Erased users are not listed. `name` is `null` when the user has none.',
        tags,
        auth: READ,
        query: ManagementUsersQuery,
        examples: { query: { search: 'anna', staff: 'false', limit: 50 }, responses: { 200: [MANAGED_USER_EXAMPLE] } },
        responses: { 200: { description: 'The users', schema: [ManagementUserView] } },
        handler: async ({ res, query, principal }) => {
          const users = await u.list.execute({
            vendorId: principal.vendorId,
            search: query.search,
            ids: query.ids?.split(','),
            staff: query.staff === undefined ? undefined : query.staff === 'true',
            limit: query.limit,
            offset: query.offset,
          });
          res.json(await this.views(principal.vendorId, users));
        },
      }),
      route<CreateManagementUserBody>({
        method: 'post',
        path: '/management/users',
        operationId: 'createManagementUser',
        summary: 'Create a user for an e-mail (as contract creation does); `name` is optional',
        description:
          'The user can then hold contracts and seats, and signs up (or is given a password with `set-password`) with this ' +
          'e-mail. The first word of `name` is the first name, the rest the last name. An e-mail the vendor already has ' +
          'is a 409 `USER.EXISTS` naming that user (`userId`); a malformed e-mail a 400 `USER.BAD_EMAIL`.',
        tags,
        auth: WRITE,
        body: { dto: CreateManagementUserBody },
        examples: { request: CREATE_MANAGED_USER_EXAMPLE, responses: { 201: { ...MANAGED_USER_EXAMPLE, updatedAt: MANAGED_USER_EXAMPLE.createdAt } } },
        responses: {
          201: { description: 'Created', schema: ManagementUserView },
          400: BAD_EMAIL('Invalid body or e-mail'),
          409: USER_EXISTS,
        },
        handler: async ({ res, body, principal }) => {
          const user = await u.create.execute({ vendorId: principal.vendorId, email: body.email, name: body.name });
          res.status(201).json(userView(user, undefined));
        },
      }),
      route({
        method: 'get',
        path: '/management/users/{userId}',
        operationId: 'getManagementUser',
        summary: 'One user of the vendor',
        description: "Another vendor's user, or an erased one, is a 404.",
        tags,
        auth: READ,
        examples: { params: { userId: MANAGED_USER_ID }, responses: { 200: MANAGED_USER_EXAMPLE } },
        responses: { 200: { description: 'The user', schema: ManagementUserView }, 404: USER_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          res.json(await this.view(principal.vendorId, params.userId));
        },
      }),
      route<UpdateManagementUserBody>({
        method: 'patch',
        path: '/management/users/{userId}',
        operationId: 'updateManagementUser',
        summary: 'Change the name (`null` clears it) or the sign-in e-mail; fields left out stay as they are',
        description:
          '`name` sets the first and last names the profile shows (first word, rest); `email` changes the e-mail the user ' +
          'signs in with, as `change-login-identifier` does (409 `USER.EMAIL_TAKEN` when another user of the vendor has it). ' +
          'Everything is checked before anything changes.',
        tags,
        auth: WRITE,
        body: { dto: UpdateManagementUserBody },
        examples: { params: { userId: MANAGED_USER_ID }, request: UPDATE_MANAGED_USER_EXAMPLE, responses: { 200: UPDATED_MANAGED_USER_EXAMPLE } },
        responses: {
          200: { description: 'The user as changed', schema: ManagementUserView },
          400: BAD_EMAIL('Invalid body, e-mail or name'),
          403: USER_IS_STAFF,
          404: USER_NOT_FOUND,
          409: EMAIL_TAKEN,
        },
        handler: async ({ res, body, params, principal }) => {
          const ref = { vendorId: principal.vendorId, userId: params.userId };
          // Checked first, so that a bad name does not leave a changed e-mail behind.
          const names = body.name === undefined ? undefined : splitName(body.name);
          if (body.email !== undefined) normalizeEmail(body.email);
          await changeableUser(u.directory, u.staff, ref.vendorId, ref.userId);
          if (body.email !== undefined) await u.changeLogin.execute({ ...ref, email: body.email });
          if (names !== undefined || body.email !== undefined) await u.updateProfile.execute({ ...ref, patch: names ?? {} });
          res.json(await this.view(ref.vendorId, ref.userId));
        },
      }),
      route({
        method: 'delete',
        path: '/management/users/{userId}',
        operationId: 'deleteManagementUser',
        summary: "Erase the user for good, as the reader's own account deletion does",
        description:
          "Every module erases the user's personal data in one transaction (`DELETE /profile`): the user row becomes a " +
          'tombstone, sign-in data, profile, metadata and tags go, and `user.erased` is announced. Contracts and bills stay ' +
          'for the books, without the person. Irreversible: the user is then a 404, so a repeated delete answers 404 `USER.NOT_FOUND`.',
        tags,
        auth: WRITE,
        examples: { params: { userId: MANAGED_USER_ID } },
        responses: { 204: { description: 'Erased' }, 403: USER_IS_STAFF, 404: USER_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await changeableUser(u.directory, u.staff, principal.vendorId, params.userId);
          await u.erase.execute({ vendorId: principal.vendorId, userId: params.userId });
          res.status(204).end();
        },
      }),
      route<SetPasswordBody>({
        method: 'post',
        path: '/management/users/{userId}/set-password',
        operationId: 'setManagementUserPassword',
        summary: 'Set the password the user signs in with (the rules of sign-up)',
        description:
          'A password has 10 to 200 characters (else 400 `ACCOUNT.WEAK_PASSWORD`); it replaces any earlier one and works at ' +
          'once. Only its hash is kept.',
        tags,
        auth: WRITE,
        body: { dto: SetPasswordBody },
        examples: { params: { userId: MANAGED_USER_ID }, request: SET_PASSWORD_EXAMPLE },
        responses: { 204: { description: 'Set' }, 400: WEAK_PASSWORD, 403: USER_IS_STAFF, 404: USER_NOT_FOUND },
        handler: async ({ res, body, params, principal }) => {
          await u.setPassword.execute({ vendorId: principal.vendorId, userId: params.userId, password: body.password });
          res.status(204).end();
        },
      }),
      route<ChangeLoginIdentifierBody>({
        method: 'post',
        path: '/management/users/{userId}/change-login-identifier',
        operationId: 'changeManagementUserLoginIdentifier',
        summary: 'Change the e-mail the user signs in with',
        description:
          'The user signs in with the new e-mail from now on (with the same password) and the profile shows it. Another ' +
          'user of the vendor with that e-mail is a 409 `USER.EMAIL_TAKEN`; the e-mail the user already has changes nothing.',
        tags,
        auth: WRITE,
        body: { dto: ChangeLoginIdentifierBody },
        examples: { params: { userId: MANAGED_USER_ID }, request: CHANGE_LOGIN_IDENTIFIER_EXAMPLE },
        responses: {
          204: { description: 'Changed' },
          400: BAD_EMAIL('Not an e-mail address'),
          403: USER_IS_STAFF,
          404: USER_NOT_FOUND,
          409: EMAIL_TAKEN,
        },
        handler: async ({ res, body, params, principal }) => {
          const ref = { vendorId: principal.vendorId, userId: params.userId };
          await u.changeLogin.execute({ ...ref, email: body.email });
          await u.updateProfile.execute({ ...ref, patch: {} });
          res.status(204).end();
        },
      }),
      route<string | undefined>({
        method: 'put',
        path: '/management/users/{userId}/user_metadata/{key}',
        operationId: 'putManagementUserMetadata',
        summary: "Set one of the user's metadata values (the raw text/plain body)",
        description: `The values the user sees as \`user_metadata\` of their profile. ${METADATA_LIMITS}`,
        tags,
        auth: WRITE,
        examples: { params: { userId: MANAGED_USER_ID, key: 'newsletter' }, request: 'weekly' },
        textBody: {
          maxBytes: USER_METADATA_LIMITS.valueMaxBytes,
          description: 'The value (an empty body stores an empty string): text/plain, or JSON: a string or `{"value": string}`',
          jsonField: 'value',
        },
        responses: {
          204: { description: 'Set' },
          400: BAD_METADATA_KEY('Bad key; too many keys; a JSON body of another shape'),
          404: USER_NOT_FOUND,
          413: tooLarge('Value too large'),
          415: NEITHER_TEXT_NOR_JSON,
        },
        handler: async ({ res, body, params, principal }) => {
          await managedUser(u.directory, principal.vendorId, params.userId);
          const value = typeof body === 'string' ? body : '';
          await u.putMetadata.execute({ vendorId: principal.vendorId, userId: params.userId, key: params.key, value });
          res.status(204).end();
        },
      }),
      route({
        method: 'delete',
        path: '/management/users/{userId}/user_metadata/{key}',
        operationId: 'deleteManagementUserMetadata',
        summary: "Remove one of the user's metadata keys; a key the user does not have answers 204 too",
        description: 'Safe to repeat.',
        tags,
        auth: WRITE,
        examples: { params: { userId: MANAGED_USER_ID, key: 'newsletter' } },
        responses: { 204: { description: 'Removed' }, 400: BAD_METADATA_KEY('Bad key'), 404: USER_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await managedUser(u.directory, principal.vendorId, params.userId);
          await u.deleteMetadata.execute({ vendorId: principal.vendorId, userId: params.userId, key: params.key });
          res.status(204).end();
        },
      }),
      route({
        method: 'get',
        path: '/management/customers/{customerId}',
        operationId: 'getManagementCustomer',
        summary: 'A customer record in XML (a JSON string): a user of the vendor with addresses and company details',
        description:
          'The answer is a JSON string holding an XML document `<customer id="...">` with `name`, `firstName`, `lastName`, ' +
          '`email`, `phone`, `billingAddress` and `deliveryAddress` (`firstName`, `lastName`, `co`, `street`, `zip`, `city`, ' +
          '`country`), `company` (`companyName`, `vatNr`, `invoiceEmail`), `createdAt` and `updatedAt`; an absent value is ' +
          "an empty element. Every value is XML-escaped. `customerId` is the user's id; needs `users:read`.",
        tags: ['management: customers'],
        auth: READ,
        examples: { params: { customerId: MANAGED_USER_ID }, responses: { 200: CUSTOMER_XML_EXAMPLE } },
        responses: { 200: { description: 'The customer record (XML in a JSON string)', schema: { type: 'string' } }, 404: USER_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await managedUser(u.directory, principal.vendorId, params.customerId);
          res.json(customerXml(await u.getProfile.execute({ vendorId: principal.vendorId, userId: params.customerId })));
        },
      }),
    ];
  }
}
