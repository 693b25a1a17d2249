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
