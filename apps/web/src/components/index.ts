import { ServiceAccount } from './service-account';
import { ServiceContent } from './service-content';
import { ServiceLogin } from './service-login';
import { ServicePaywall } from './service-paywall';

/** The components library: custom elements that render Kiosk's answers on a publisher's page. */
const elements: [string, CustomElementConstructor][] = [
  ['service-paywall', ServicePaywall],
  ['service-login', ServiceLogin],
  ['service-content', ServiceContent],
  ['service-account', ServiceAccount],
];
for (const [name, constructor] of elements) if (!customElements.get(name)) customElements.define(name, constructor);
