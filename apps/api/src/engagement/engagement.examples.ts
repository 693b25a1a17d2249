/**
 * Worked examples of the engagement routes for the OpenAPI document (the
 * linter checks each against its schema).
 */
export const PROFILE_EXAMPLE = {
  userId: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  sub: '0190a4c1-11aa-7bbb-8ccc-0d0e0f101112',
  email: 'reader@example.com',
  emailVerified: true,
  firstName: 'Alva',
  lastName: 'Berg',
  given_name: 'Alva',
  family_name: 'Berg',
  name: 'Alva Berg',
  nickname: null,
  locale: 'sv-SE',
  picture: null,
  mobilePhone: '+46701234567',
  phone_number: '+46701234567',
  workPhone: null,
  homePhone: null,
  tags: ['sports'],
  user_metadata: { newsletter: 'weekly' },
  billingAddress: { country: 'SE', zip: '11122', city: 'Stockholm', street: 'Drottninggatan 1', co: null, firstName: 'Alva', lastName: 'Berg' },
  deliveryAddress: null,
  companyInfo: null,
  company: null,
  createdAt: '2026-03-01T09:29:40.000Z',
  updatedAt: '2026-03-02T18:05:11.000Z',
};

export const PROFILE_PATCH_EXAMPLE = { nickname: 'alva', user_metadata: { newsletter: null, section: 'culture' } };
