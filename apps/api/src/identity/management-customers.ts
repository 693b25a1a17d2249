import { Address, CompanyInfo, ReaderProfile } from '@kiosk/domain/engagement';
import { nameOf } from '@kiosk/domain/identity';

// GET /management/customers/{customerId} (management-interface.md 3.8): the
// client reads the answer as a JSON string holding a customer record in XML.
// A customer is a user of the vendor; the record is what invoicing needs of
// them: names, e-mail, phone, addresses and company (VAT) details.

// Characters XML 1.0 cannot hold at all (controls other than tab, LF and CR; lone surrogates; U+FFFE/U+FFFF).
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g; // eslint-disable-line no-control-regex

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute content, escaped; characters XML cannot carry are dropped. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** `<name>value</name>`, or `<name/>` when there is no value. */
const element = (name: string, value: string | null | undefined) =>
  value === null || value === undefined ? `<${name}/>` : `<${name}>${xmlText(value)}</${name}>`;

const addressXml = (name: string, a: Address | null) =>
  a
    ? `<${name}>` +
      element('firstName', a.firstName) +
      element('lastName', a.lastName) +
      element('co', a.co) +
      element('street', a.street) +
      element('zip', a.zip) +
      element('city', a.city) +
      element('country', a.country) +
      `</${name}>`
    : `<${name}/>`;

const companyXml = (c: CompanyInfo | null) =>
  c
    ? '<company>' + element('companyName', c.companyName) + element('vatNr', c.vatNr) + element('invoiceEmail', c.invoiceEmail) + '</company>'
    : '<company/>';

/** The customer record of one user: an XML document (UTF-8), every value escaped, absent values as empty elements. */
export function customerXml(p: ReaderProfile): string {
  const { user, details } = p;
  const updatedAt = details.updatedAt > user.createdAt ? details.updatedAt : user.createdAt;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<customer id="${xmlText(user.id)}">` +
    element('name', nameOf(user)) +
    element('firstName', user.firstName) +
    element('lastName', user.lastName) +
    element('email', user.email) +
    element('phone', details.mobilePhone) +
    addressXml('billingAddress', details.billingAddress) +
    addressXml('deliveryAddress', details.deliveryAddress) +
    companyXml(details.companyInfo) +
    element('createdAt', user.createdAt.toISOString()) +
    element('updatedAt', updatedAt.toISOString()) +
    '</customer>'
  );
}
