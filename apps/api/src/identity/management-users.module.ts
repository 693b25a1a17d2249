import {
  DeleteUserMetadata,
  EraseAccount,
  GetProfile,
  PutUserMetadata,
  UpdateProfile,
} from '@kiosk/domain/engagement';
import {
  ChangeLoginIdentifier,
  CreateManagedUser,
  GetManagedUser,
  ListManagedUsers,
  SetUserPassword,
  StaffCheck,
  UserDirectory,
} from '@kiosk/domain/identity';
import { ServiceIdentifier } from 'inversify';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { IDENTITY } from './identity.module';
import { ManagementUsersController } from './management-users.controller';
import { SqlStaffCheck, SqlUserDirectory } from './management-users.directory';
import { SIGN_IN } from './sign-in.module';

export const MANAGEMENT_USERS = {
  Directory: Symbol.for('identity.UserDirectory') as ServiceIdentifier<UserDirectory>,
  Staff: Symbol.for('identity.StaffCheck') as ServiceIdentifier<StaffCheck>,
};

/**
 * The vendor's users through the management interface (management-interface.md
 * 3.2, 3.8): identity's users and passwords, with the profile, metadata and
 * erasure of the engagement module, which it uses through its use cases.
 */
export const managementUsersModule = defineModule({
  name: 'identity:management-users',
  requires: ['identity', 'identity:sign-in', 'engagement'],
  register: ({ bind }) => {
    bind(MANAGEMENT_USERS.Directory).toDynamicValue((c) => new SqlUserDirectory(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(MANAGEMENT_USERS.Staff).toDynamicValue((c) => new SqlStaffCheck(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(ListManagedUsers).toDynamicValue((c) => new ListManagedUsers(c.get(MANAGEMENT_USERS.Directory)));
    bind(GetManagedUser).toDynamicValue((c) => new GetManagedUser(c.get(MANAGEMENT_USERS.Directory)));
    bind(CreateManagedUser).toDynamicValue((c) => new CreateManagedUser(c.get(IDENTITY.Users), c.get(TOKENS.Ids), c.get(TOKENS.Clock)));
    bind(ChangeLoginIdentifier).toDynamicValue(
      (c) => new ChangeLoginIdentifier(c.get(MANAGEMENT_USERS.Directory), c.get(MANAGEMENT_USERS.Staff)),
    );
    bind(SetUserPassword).toDynamicValue(
      (c) =>
        new SetUserPassword(
          c.get(MANAGEMENT_USERS.Directory),
          c.get(MANAGEMENT_USERS.Staff),
          c.get(SIGN_IN.Credentials),
          c.get(SIGN_IN.Passwords),
          c.get(TOKENS.Clock),
        ),
    );
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ManagementUsersController({
          list: c.get(ListManagedUsers),
          get: c.get(GetManagedUser),
          create: c.get(CreateManagedUser),
          changeLogin: c.get(ChangeLoginIdentifier),
          setPassword: c.get(SetUserPassword),
          directory: c.get(MANAGEMENT_USERS.Directory),
          staff: c.get(MANAGEMENT_USERS.Staff),
          profileTimes: boundAbove(c, IDENTITY.ProfileTimes),
          getProfile: c.get(GetProfile),
          updateProfile: c.get(UpdateProfile),
          erase: c.get(EraseAccount),
          putMetadata: c.get(PutUserMetadata),
          deleteMetadata: c.get(DeleteUserMetadata),
        }),
    );
  },
});
