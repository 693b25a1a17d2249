/** Worked refusals of the script host routes for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';

export const RELEASE_NOT_FOUND = refusal('Unknown vendor or version', 404, 'SCRIPTS.RELEASE_NOT_FOUND', 'version 0.0.9 is no longer kept');

export const INVALID_SETTINGS = refusal(
  'Invalid configuration',
  400,
  'SCRIPTS.INVALID_SETTINGS',
  "analytics.dataLayer: must be a JavaScript identifier (the page's data layer array)",
  { problems: [{ field: 'analytics.dataLayer', message: "must be a JavaScript identifier (the page's data layer array)" }] },
);

export const STALE_VERSION = refusal(
  'SCRIPTS.STALE_VERSION: the configuration changed since it was read',
  409,
  'SCRIPTS.STALE_VERSION',
  'the configuration is at version 5, not 4: read it again and retry',
  { expectedVersion: 4, currentVersion: 5 },
);
