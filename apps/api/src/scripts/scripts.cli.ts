import { ListScriptReleases, PromoteScriptRelease } from '@kiosk/domain/scripts';
import { Command } from 'commander';
import { Runtime } from '../runtime';
import { scriptReleasesView } from './scripts.views';

type WithRuntime = (work: (runtime: Runtime) => Promise<unknown>) => Promise<void>;

/** `kiosk scripts:releases` and `scripts:promote`: the operator's side of the script host's channels. */
export function registerScriptCommands(program: Command, withRuntime: WithRuntime): void {
  program
    .command('scripts:releases')
    .description('list the browser library releases the service ships, with the channels (stable, latest) each answers to')
    .action(() => withRuntime(async (r) => scriptReleasesView(await r.container.get(ListScriptReleases).execute())));

  program
    .command('scripts:promote')
    .description('make a shipped release the one the `stable` tag answers with, for every vendor')
    .argument('<version>', 'an exact version, e.g. 0.1.0')
    .action((version: string) =>
      withRuntime(async (r) => {
        await r.container.get(PromoteScriptRelease).execute(version);
        return scriptReleasesView(await r.container.get(ListScriptReleases).execute());
      }),
    );
}
