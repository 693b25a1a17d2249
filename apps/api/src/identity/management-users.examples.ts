/** Worked examples of the management user and customer routes for the OpenAPI document. */
import { READER_ID } from './identity.examples';

export const MANAGED_USER_ID = READER_ID;

export const MANAGED_USER_EXAMPLE = {
  id: MANAGED_USER_ID,
  email: 'anna@example.com',
  name: 'Anna Svensson',
  createdAt: '2026-03-01T09:30:00.000Z',
  updatedAt: '2026-03-04T12:00:00.000Z',
};

export const CREATE_MANAGED_USER_EXAMPLE = { email: 'anna@example.com', name: 'Anna Svensson' };
export const UPDATE_MANAGED_USER_EXAMPLE = { name: 'Anna Maria Svensson' };
export const UPDATED_MANAGED_USER_EXAMPLE = { ...MANAGED_USER_EXAMPLE, name: 'Anna Maria Svensson' };
export const SET_PASSWORD_EXAMPLE = { password: 'correct horse battery staple' };
export const CHANGE_LOGIN_IDENTIFIER_EXAMPLE = { email: 'anna.svensson@example.com' };

export const CUSTOMER_XML_EXAMPLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  `<customer id="${MANAGED_USER_ID}">` +
  '<name>Anna Svensson</name><firstName>Anna</firstName><lastName>Svensson</lastName>' +
  '<email>anna@example.com</email><phone>+46701234567</phone>' +
  '<billingAddress><firstName>Anna</firstName><lastName>Svensson</lastName><co/><street>Storgatan 1</street>' +
  '<zip>11122</zip><city>Stockholm</city><country>SE</country></billingAddress>' +
  '<deliveryAddress/>' +
  '<company><companyName>Svensson &amp; Dotter AB</companyName><vatNr>SE556677889901</vatNr>' +
  '<invoiceEmail>invoices@svensson.example</invoiceEmail></company>' +
  '<createdAt>2026-03-01T09:30:00.000Z</createdAt><updatedAt>2026-03-04T12:00:00.000Z</updatedAt>' +
  '</customer>';
