import { ServicePaywall } from './service-paywall';

/** The components library: custom elements that render Kiosk's answers on a publisher's page. */
if (!customElements.get('service-paywall')) customElements.define('service-paywall', ServicePaywall);
