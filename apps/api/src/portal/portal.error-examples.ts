/** Worked refusals of the portal routes for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';

export const NOT_BUILT = refusal('The portal has not been built (`npm run build`)', 503, 'PORTAL.NOT_BUILT', 'the portal is not built: run `npm run build`');

export const NO_ASSET = refusal('No such file in this build', 404, 'PORTAL.NO_ASSET', 'no portal file portal-3c9d1e07.js');
