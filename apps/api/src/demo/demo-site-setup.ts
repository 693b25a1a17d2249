import { SetProductScopes } from '@kiosk/domain/capsule';
import { ChangeCheckoutSettings } from '@kiosk/domain/checkout';
import { CreatePaywall } from '@kiosk/domain/paywalls';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { ChangeScriptConfiguration, GetScriptConfiguration } from '@kiosk/domain/scripts';
import { Container } from 'inversify';
import { CapsuleKeyManagement } from '../capsule/capsule.module';
import { IDENTITY } from '../identity/identity.module';
import { TOKENS } from '../platform/tokens';
import { DemoCapsule } from './demo-capsule';

/** The demo's capsule publisher, made from the container (also where the demo module is not loaded). */
export function demoCapsuleOf(container: Container, vendorId: string): DemoCapsule {
  const { baseUrl, secretsKey } = container.get(TOKENS.Config);
  return new DemoCapsule(vendorId, container.get(CapsuleKeyManagement), container.get(SetProductScopes), baseUrl, secretsKey);
}

/**
 * What the demo newspaper at `/demo/` needs of the demo vendor: a browser
 * client for this service's own address, a paywall with three free reads
 * a day and the yearly subscription, and the script configuration naming
 * both (made once, while the script configuration is unsaved); then the
 * capsule keys and the `daily` → `premium` scope of the encrypted article
 * (whatever is missing, so an older demo install gets them too).
 */
export async function setUpDemoSite(container: Container, vendorId: string): Promise<void> {
  const configuration = await container.get(GetScriptConfiguration).execute(vendorId);
  if (configuration.version === 0) await setUpScriptSite(container, vendorId);
  else await allowThisAddress(container, vendorId, configuration.settings.clientId);
  await demoCapsuleOf(container, vendorId).setUp();
}

/**
 * The demo site is served by this service: started on another address
 * (another PORT or BASE_URL than when the demo was made), its browser
 * client must accept this one too, or its pages could not sign in or take
 * a handoff code after a purchase.
 */
async function allowThisAddress(container: Container, vendorId: string, clientId: unknown): Promise<void> {
  if (typeof clientId !== 'string') return;
  const origin = new URL(container.get(TOKENS.Config).baseUrl).origin;
  await container.get(IDENTITY.BrowserClients).addAllowedOrigin(vendorId, clientId, origin);
}

async function setUpScriptSite(container: Container, vendorId: string): Promise<void> {
  const { baseUrl } = container.get(TOKENS.Config);
  const client = await container.get(RegisterBrowserClient).execute({
    vendorId,
    name: 'Demo Daily (demo site)',
    redirectUris: [`${baseUrl}/demo/`],
    allowedOrigins: [new URL(baseUrl).origin],
  });
  const paywall = await container.get(CreatePaywall).execute({
    vendorId,
    name: 'Demo Daily metered',
    content: {
      currency: 'SEK',
      headline: 'You have read your free articles for today',
      description: 'Subscribe to Demo Daily and read everything, on every device.',
      mainColor: '#b91c1c',
      showLoginButton: true,
      settings: { leaky: { enabled: true, count: 3, periodInHours: 24 } },
      subscriptions: [
        {
          id: 'yearly',
          sku: 'daily',
          poId: 'daily-yearly',
          title: 'Demo Daily, yearly',
          price: 1188,
          periodText: 'a year',
          buttonText: 'Subscribe',
          features: [['Every article'], ['Cancel any time']],
        },
      ],
    },
  });
  // The vendor's brand colour is the demo site's red: checkout, sign-in, mails and the components wear it.
  await container.get(ChangeCheckoutSettings).execute({ vendorId, change: { color: '#b91c1c' } });
  await container.get(ChangeScriptConfiguration).execute({
    vendorId,
    change: { clientId: client.clientId, paywallId: paywall.id, contentSelectors: { article: 'article', title: 'h1' } },
  });
}
