export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as { kioskEmbedded?: { stop(): Promise<void> } }).kioskEmbedded;
  await embedded?.stop();
}
