/** Worked examples of the capsule routes for the OpenAPI document. */
export const VENDOR_ID = '0190a4c0-0a0b-7c0d-8e0f-101112131415';

export const CAPSULE_JWKS_EXAMPLE = {
  keys: [
    {
      kty: 'EC',
      crv: 'P-256',
      kid: 'sig-2026-03',
      use: 'sig',
      alg: 'ES256',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
    },
    {
      kty: 'EC',
      crv: 'P-256',
      kid: 'issuer-2026-03',
      use: 'enc',
      alg: 'ECDH-ES',
      x: 'gI0GAILBdu7T53akrFmMyGcsF3n5dO7MmwNBHKW5SV0',
      y: 'SLW_xSffzlPWrHEVI30DHM_4egVwt3NQqeUD7nMFpps',
    },
  ],
};

export const SERVICE_TOKEN =
  'eyJhbGciOiJFUzI1NiIsImtpZCI6InN2Yy0wMTkwYTRkMC1jNGQ1LTdlNjctODg5OS1hYWJiY2NkZGVlZmYifQ.eyJ0aWVyIjoicHJlbWl1bSIsImNvbnRlbnRJZCI6ImFydGljbGUtMjAyNjAzMTUtaGFyYm91ciJ9.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2aWNlLWtleQ';

export const UNLOCK_REQUEST_EXAMPLE = {
  resourceJWT:
    'eyJhbGciOiJFUzI1NiIsImtpZCI6InB1Yi0yMDI2LTAzIn0.eyJpc3MiOiJkYWlseS5leGFtcGxlLmNvbSIsInN1YiI6ImFydGljbGUtMjAyNjAzMTUtaGFyYm91ciJ9.c2lnbmF0dXJlLW9mLXRoZS1wdWJsaXNoZXI',
  keys: [{ contentName: 'body', scope: 'premium', wrapKeys: [{ kid: '260315T07' }] }],
};

export const UNLOCK_EXAMPLE = {
  keys: [{ contentName: 'body', scope: 'premium', wrapKeys: [{ kid: '260315T07', key: 'E6eNllvfvxe1h6hqLjVt186XCYEMKu9sWEoXCCFHkIQ' }] }],
};

export const VERIFY_EXAMPLE = {
  valid: true,
  message: 'token is valid',
  payload: {
    iss: 'https://kiosk.example.com',
    tier: 'premium',
    contentId: 'article-20260315-harbour',
    tid: '0190a4d1-d5e6-7f78-899a-abbccddeeff0',
    url: 'https://daily.example.com/2026/03/harbour-reopens',
    userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
    iat: 1773560520,
    exp: 1773561420,
    maxUses: 1,
    meta: { paywallId: '0190a4c8-6c7d-7e8f-9091-a2b3c4d5e6f7' },
  },
};

export const SERVICE_KEY_KID = 'svc-0190a4d0-c4d5-7e67-8899-aabbccddeeff';
export const SERVICE_KEY_EXAMPLE = {
  kty: 'EC',
  crv: 'P-256',
  x: 'yAkLvnEvXcHODB5YgPFya7qPfqZmDBDOPHnP2auYG3Q',
  y: 's5iUkLtxbTq-bYX22Jk1Ukyi4gHzxC22XsX1c0aSOkU',
  kid: SERVICE_KEY_KID,
  alg: 'ES256',
  use: 'sig',
  createdAt: '2026-03-01T08:00:00.000Z',
};

export const PUBLISHER_KEY_KID = 'pub-2026-03';
export const PUBLISHER_KEY_REQUEST_EXAMPLE = {
  kid: PUBLISHER_KEY_KID,
  publicKeyPem:
    '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEmNUW/W0WjQhfgmiiStkyuLeBqFmh\nbbmnqNdbmQPVuiDdpUJ5WX6k60hAzcq7+mFrLdTT/eosa80L81s6inKBpw==\n-----END PUBLIC KEY-----\n',
};
export const PUBLISHER_KEY_EXAMPLE = {
  kty: 'EC',
  crv: 'P-256',
  x: 'mNUW_W0WjQhfgmiiStkyuLeBqFmhbbmnqNdbmQPVuiA',
  y: '3aVCeVl-pOtIQM3Ku_phay3U0_3qLGvNC_NbOopygac',
  kid: PUBLISHER_KEY_KID,
  use: 'sig',
  alg: 'ES256',
  createdAt: '2026-03-01T08:10:00.000Z',
};

export const ISSUER_KEY_KID = 'issuer-2026-03';
export const ISSUER_KEY_EXAMPLE = {
  kid: ISSUER_KEY_KID,
  algorithm: 'ECDH-P256',
  publicJwk: {
    kty: 'EC',
    crv: 'P-256',
    x: 'eGYKej75-MgVJ6HXiuX4uWXdhz7t2aLLCGVudIkFAjE',
    y: 'e6-vBdzyF_iJp642OltZfaOTp6tpN2FTt2_O7vrGymo',
    kid: ISSUER_KEY_KID,
  },
  publicKeyPem:
    '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEeGYKej75+MgVJ6HXiuX4uWXdhz7t\n2aLLCGVudIkFAjF7r68F3PIX+ImnrjY6W1l9o5Onq2k3YVO3b87u+sbKag==\n-----END PUBLIC KEY-----\n',
  createdAt: '2026-03-01T08:20:00.000Z',
  retiredAt: null,
};
export const RETIRED_ISSUER_KEY_EXAMPLE = { ...ISSUER_KEY_EXAMPLE, retiredAt: '2026-06-01T08:00:00.000Z' };

export const ROTATION_SECRET_STATE_EXAMPLE = { version: 2, createdAt: '2026-03-10T12:00:00.000Z', previousValidUntil: '2026-03-11T12:00:00.000Z' };
export const CREATED_ROTATION_SECRET_EXAMPLE = { ...ROTATION_SECRET_STATE_EXAMPLE, rotationSecret: 'PLddKachqu0aY_v0UB5yyUHXQRb_Y8Isachrkl1hYAE' };

export const CAPSULE_SETTINGS_EXAMPLE = { mode: 'hosted', rotationIntervalMinutes: 60, previousGraceSeconds: 300, secretOverlapSeconds: 86_400 };

export const CAPSULE_CONFIGURATION_EXAMPLE = {
  vendorId: VENDOR_ID,
  ...CAPSULE_SETTINGS_EXAMPLE,
  domains: ['daily.example.com'],
  publisherKeys: [PUBLISHER_KEY_EXAMPLE],
  rotationSecret: ROTATION_SECRET_STATE_EXAMPLE,
  issuerKeys: [ISSUER_KEY_EXAMPLE],
  serviceKeys: [{ ...SERVICE_KEY_EXAMPLE, retiredAt: null }],
  currentKid: '260315T07',
};

export const PRODUCT_SCOPES_EXAMPLE = { sku: 'daily-digital', scopes: ['premium'] };
