import { stopWorkerEmbeddedPostgres } from './worker-environment';

/** Running in band, the one "worker" is this process: its embedded database stops here. */
export default async function globalTeardown(): Promise<void> {
  await stopWorkerEmbeddedPostgres();
}
