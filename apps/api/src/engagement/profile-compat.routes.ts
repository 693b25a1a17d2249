import { RouteSpec } from '../platform/http/routes';
import { compatibilityAlias, ownUserIdOnly } from './compat.routes';
import { PROFILE_EXAMPLE } from './engagement.examples';
import { PROFILE_NOT_FOUND } from './engagement.error-examples';

const USER_ID_NOTE =
  "`userId` must be the signed-in reader's own id (`sub` of the token, `userId` of the profile); any other id " +
  "(another reader's, another vendor's, one that does not exist) answers 404 `PROFILE.NOT_FOUND`, never 403.";

const NOT_FOUND = { 404: PROFILE_NOT_FOUND };

/**
 * The public client's older profile paths (management-interface.md,
 * appendix): `GET`/`PATCH /profile/{userId}` and the streaming-link routes
 * under their former names. Registered after the canonical `/profile/...`
 * routes so that `/profile/{userId}` never takes `/profile/streaming-link`
 * or `/profile/spotify-link`.
 */
export function profileCompatibilityRoutes(canonical: RouteSpec[]): RouteSpec[] {
  const find = (method: string, path: string) => {
    const found = canonical.find((r) => r.method === method && r.path === path);
    if (!found) throw new Error(`no canonical route ${method} ${path}`);
    return found;
  };
  const params = { userId: PROFILE_EXAMPLE.userId };
  return [
    compatibilityAlias(find('get', '/profile/streaming-link'), {
      path: '/profile/spotify-link',
      operationId: 'getSpotifyLinkCompat',
    }),
    compatibilityAlias(find('post', '/profile/unlink-streaming'), {
      path: '/profile/unlink-spotify',
      operationId: 'unlinkSpotifyCompat',
    }),
    compatibilityAlias(find('get', '/profile'), {
      path: '/profile/{userId}',
      operationId: 'getProfileByUserIdCompat',
      params,
      note: USER_ID_NOTE,
      responses: NOT_FOUND,
      guard: ownUserIdOnly,
    }),
    compatibilityAlias(find('patch', '/profile'), {
      path: '/profile/{userId}',
      operationId: 'updateProfileByUserIdCompat',
      params,
      note: `${USER_ID_NOTE} The body is checked first (a bad body is 400 whatever the id).`,
      responses: NOT_FOUND,
      guard: ownUserIdOnly,
    }),
  ];
}
