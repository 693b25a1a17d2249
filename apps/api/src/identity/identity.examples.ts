/**
 * Worked examples of the identity routes for the OpenAPI document (the
 * linter checks each against its schema).
 */
import { SCOPE_PRESETS } from '@kiosk/domain/identity';

export const VENDOR_ID = '0190a4c0-0a0b-7c0d-8e0f-101112131415';
export const READER_ID = '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112';
export const API_KEY_ID = 'apikey_7Qm2xV9cLp4Rt8Wz';
export const BROWSER_CLIENT_ID = 'bc_daily_web';
/** The embedded provider's interaction id (a sign-in in progress). */
export const INTERACTION_UID = 'pLx3n2Qv8KsT0aWcYd5Rf';

const READ_SCOPES = [...SCOPE_PRESETS.read];

export const API_KEY_EXAMPLE = {
  clientId: API_KEY_ID,
  name: 'CRM sync',
  role: 'read',
  scopes: READ_SCOPES,
  createdAt: '2026-03-01T08:30:00.000Z',
  tokenUrl: `https://kiosk.example.com/oidc/t/${VENDOR_ID}/oauth/token`,
  audience: 'urn:service',
};

export const CREATE_API_KEY_EXAMPLE = { name: 'CRM sync', role: 'read' };

export const CREATED_API_KEY_EXAMPLE = {
  clientId: API_KEY_ID,
  name: 'CRM sync',
  role: 'read',
  scopes: READ_SCOPES,
  createdAt: '2026-03-01T08:30:00.000Z',
  clientSecret: 'sk_4fJ9qT2mW7xZ1cV8bN3kL6pR0sD5hG2y',
  tokenUrl: `https://kiosk.example.com/oidc/t/${VENDOR_ID}/oauth/token`,
  audience: 'urn:service',
};

export const REGISTER_BROWSER_CLIENT_EXAMPLE = {
  name: 'The Daily web',
  redirectUris: ['https://daily.example.com/after-login'],
  allowedOrigins: ['https://daily.example.com'],
  accessSyncUrl: 'https://daily.example.com/streaming/callback',
};

export const BROWSER_CLIENT_EXAMPLE = {
  clientId: BROWSER_CLIENT_ID,
  ...REGISTER_BROWSER_CLIENT_EXAMPLE,
  createdAt: '2026-02-01T10:30:00.000Z',
};

export const TOKEN_REQUEST_EXAMPLE = {
  grant_type: 'client_credentials',
  client_id: API_KEY_ID,
  client_secret: 'sk_4fJ9qT2mW7xZ1cV8bN3kL6pR0sD5hG2y',
  audience: 'urn:service',
  scope: 'contracts:read products:read',
};

export const TOKEN_EXAMPLE = {
  access_token:
    'eyJhbGciOiJFUzI1NiIsImtpZCI6IjVmMGMyYTllLThkNDEtNGI3YS05YzNlLTJmNmQxYjhhN2U0MCJ9.eyJpc3MiOiJodHRwczovL2tpb3NrLmV4YW1wbGUuY29tL29pZGMiLCJhdWQiOiJ1cm46c2VydmljZSIsInNjb3BlIjoiY29udHJhY3RzOnJlYWQgcHJvZHVjdHM6cmVhZCJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1zZXJ2aWNl',
  token_type: 'Bearer',
  expires_in: 86_400,
};

export const TOKEN_SERVICE_JWKS_EXAMPLE = {
  keys: [
    {
      kty: 'EC',
      crv: 'P-256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
      kid: '5f0c2a9e-8d41-4b7a-9c3e-2f6d1b8a7e40',
      use: 'sig',
      alg: 'ES256',
    },
  ],
};

export const SESSION_INFO_EXAMPLE = {
  authenticated: true,
  sub: READER_ID,
  exp: 1773564120,
  scope: 'openid profile email',
};

const AUTH = 'https://kiosk.example.com/oidc';

/** Where the login route sends the browser: the authorization endpoint, code flow with PKCE. */
export const AUTHORIZE_LOCATION =
  `${AUTH}/auth?client_id=${BROWSER_CLIENT_ID}&response_type=code&redirect_uri=https%3A%2F%2Fkiosk.example.com%2Fauth%2F${BROWSER_CLIENT_ID}%2Fcallback` +
  '&scope=openid%20profile%20email&state=Yp3kQ8vT1mZ&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256';
export const RETURN_LOCATION = 'https://daily.example.com/2026/03/harbour-reopens';
export const END_SESSION_LOCATION = `${AUTH}/session/end?client_id=${BROWSER_CLIENT_ID}&post_logout_redirect_uri=https%3A%2F%2Fkiosk.example.com%2Fauth%2F${BROWSER_CLIENT_ID}%2Flogged-out`;
export const STREAMING_LOCATION = 'https://daily.example.com/streaming/callback?sku=daily-podcast&access_token=eyJhbGciOiJFUzI1NiJ9.e30.c2ln';
export const INTERACTION_RESUME_LOCATION = `${AUTH}/auth/${INTERACTION_UID}`;

/** Shortened: the sign-in pages are whole HTML documents in the vendor's name, logo and colours. */
const page = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · The Daily</title></head><body><main>${main}</main></body></html>`;

export const SIGN_IN_PAGE_EXAMPLE = page(
  'Sign in',
  `<h1>Sign in to The Daily</h1><form method="post" action="/oidc/interaction/${INTERACTION_UID}/login"><input name="email" type="email"><input name="password" type="password"><button>Sign in</button></form>`,
);
export const SIGN_UP_PAGE_EXAMPLE = page(
  'Create an account',
  `<h1>Create an account</h1><form method="post" action="/oidc/interaction/${INTERACTION_UID}/signup"><input name="email" type="email"><input name="password" type="password"><button>Create account</button></form>`,
);
export const CHECK_MAIL_PAGE_EXAMPLE = page('Check your e-mail', '<h1 id="check-mail">Check your e-mail</h1><p>We sent a link to reader@example.com.</p>');
export const CONFIRM_PAGE_EXAMPLE = page('Confirm', '<h1>One more step</h1><form method="post"><button id="confirm-sign-up">Create my account</button></form>');
export const ACCOUNT_CREATED_PAGE_EXAMPLE = page('Account created', '<h1>Your account is ready</h1><a href="https://daily.example.com">Go to The Daily</a>');
export const FORGOT_PAGE_EXAMPLE = page(
  'Forgot password',
  `<h1>Forgot your password?</h1><form method="post" action="/oidc/interaction/${INTERACTION_UID}/forgot"><input name="email" type="email"><button>Send the link</button></form>`,
);
export const RESET_SENT_PAGE_EXAMPLE = page('Check your e-mail', '<h1>Check your e-mail</h1><p>If reader@example.com has an account, a link to choose a new password is on its way.</p>');
export const RESET_PAGE_EXAMPLE = page('New password', '<h1>Choose a new password</h1><form method="post"><input name="password" type="password"><button>Save</button></form>');
export const RESET_DONE_PAGE_EXAMPLE = page('Password changed', '<h1>Your password is changed</h1><a href="https://daily.example.com">Back to The Daily</a>');
export const SIGNED_OUT_PAGE_EXAMPLE = page('Signed out', '<h1>You are signed out</h1>');

export const CREDENTIALS_EXAMPLE = { email: 'reader@example.com', password: 'correct horse battery staple' };
/** A sign-up link's sealed token (e-mail and password hash). */
export const SIGN_UP_TOKEN = 'v1.bG9uZy1zZWFsZWQtc2lnbi11cC10b2tlbg';
/** A password reset link's token. */
export const RESET_TOKEN = 'v1.cmVzZXQtdG9rZW4tZm9yLXJlYWRlcg';
