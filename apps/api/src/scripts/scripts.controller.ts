import { ChangeScriptConfiguration, GetScriptConfiguration, ListScriptReleases } from '@kiosk/domain/scripts';
import { Controller, route } from '../platform/http/routes';
import { HttpProblem } from '../platform/http/problem';
import { chooseEncoding, matchesEtag, ScriptFile, ScriptHost } from './script-host';
import { ScriptConfigurationBody, ScriptConfigurationView, ScriptReleasesView } from './scripts.dto';
import { SCRIPT_CONFIGURATION_CHANGE_EXAMPLE, SCRIPT_CONFIGURATION_EXAMPLE, SCRIPT_EXAMPLE, SCRIPT_RELEASES_EXAMPLE } from './scripts.examples';
import { scriptConfigurationView, scriptReleasesView } from './scripts.views';
import { INVALID_SETTINGS, RELEASE_NOT_FOUND, STALE_VERSION } from './scripts.error-examples';

export interface ScriptUseCases {
  get: GetScriptConfiguration;
  change: ChangeScriptConfiguration;
  releases: ListScriptReleases;
}

const FILES: { file: ScriptFile; operationId: string; summary: string }[] = [
  { file: 'bundle', operationId: 'getScriptBundle', summary: "The complete bundle: the vendor's configuration, the browser library and the components" },
  { file: 'service-js', operationId: 'getServiceJs', summary: 'The browser library only (window.service); start it with service.init(config) or a #service-js element' },
  { file: 'service-components', operationId: 'getServiceComponents', summary: 'The components library only (<service-paywall>)' },
];

const JS = { description: 'JavaScript', contentType: 'application/javascript', schema: { type: 'string' } };

/** Interface 4.6, the script host, and the vendor's script configuration under /management. */
export class ScriptsController implements Controller {
  constructor(
    private readonly u: ScriptUseCases,
    private readonly host: ScriptHost,
    private readonly scriptsUrl: string,
  ) {}

  routes() {
    const tags = ['scripts'];
    return [
      ...FILES.map(({ file, operationId, summary }) =>
        route({
          method: 'get',
          path: `/s/{vendorId}/${file}/{tag}`,
          operationId,
          summary,
          description:
            '`tag` is `stable` (what an operator promoted; recommended), `latest`, or an exact version such as `0.1.0`. ' +
            'An exact version of the library or the components is cached for a year (`immutable`); channels and bundles ' +
            '(which carry the vendor\'s configuration) for 60 seconds, then revalidated with the strong `ETag` (304). ' +
            'Compressed with brotli or gzip as `Accept-Encoding` allows. Unknown vendor or version: 404.',
          tags,
          auth: { kind: 'none' },
          examples: { params: { vendorId: 'daily', tag: 'stable' }, responses: { 200: SCRIPT_EXAMPLE } },
          responses: { 200: JS, 304: { description: 'Not modified (If-None-Match matched the ETag)' }, 404: RELEASE_NOT_FOUND },
          handler: async ({ req, res, params }) => {
            const answer = await this.host.answer(params.vendorId, file, params.tag);
            if (!answer) throw new HttpProblem(404, 'SCRIPTS.RELEASE_NOT_FOUND', `version ${params.tag} is no longer kept`);
            res.set({
              'Content-Type': 'application/javascript; charset=utf-8',
              'Cache-Control': answer.cacheControl,
              ETag: answer.etag,
              Vary: 'Accept-Encoding',
              'X-Content-Type-Options': 'nosniff',
              'Cross-Origin-Resource-Policy': 'cross-origin',
              'X-Kiosk-Script-Version': answer.version,
            });
            if (matchesEtag(req.get('if-none-match'), answer.etag)) {
              res.status(304).end();
              return;
            }
            const encoding = chooseEncoding(req.get('accept-encoding'));
            if (encoding !== 'identity') res.set('Content-Encoding', encoding);
            res.status(200).send(answer.body[encoding]);
          },
        }),
      ),
      route({
        method: 'get',
        path: '/management/scripts/configuration',
        operationId: 'getScriptConfiguration',
        summary: "The vendor's script configuration (embedded in the bundle), with its version and script addresses",
        description: 'The defaults at version 0 until the vendor saves a change. `scriptUrls` are the script tags to put on pages (the `stable` channel).',
        tags,
        auth: { kind: 'bearer', scope: 'sites:read' },
        examples: { responses: { 200: SCRIPT_CONFIGURATION_EXAMPLE } },
        responses: { 200: { description: 'The configuration (defaults, version 0, until saved)', schema: ScriptConfigurationView } },
        handler: async ({ res, principal }) => {
          res.json(scriptConfigurationView(await this.u.get.execute(principal.vendorId), this.scriptsUrl));
        },
      }),
      route<ScriptConfigurationBody>({
        method: 'patch',
        path: '/management/scripts/configuration',
        operationId: 'changeScriptConfiguration',
        summary: "Change the vendor's script configuration; members left out stay, the version rises by one",
        description:
          'Checked as a whole (every problem listed under `problems`, 400 SCRIPTS.INVALID_SETTINGS). With `ifVersion`, a change ' +
          'made on a stale copy is refused with 409 SCRIPTS.STALE_VERSION. Bundles served after the change carry it.',
        tags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: ScriptConfigurationBody },
        examples: { request: SCRIPT_CONFIGURATION_CHANGE_EXAMPLE, responses: { 200: SCRIPT_CONFIGURATION_EXAMPLE } },
        responses: {
          200: { description: 'The saved configuration', schema: ScriptConfigurationView },
          400: INVALID_SETTINGS,
          409: STALE_VERSION,
        },
        handler: async ({ res, body, principal }) => {
          const { ifVersion, ...change } = body;
          const saved = await this.u.change.execute({ vendorId: principal.vendorId, change, ifVersion });
          res.json(scriptConfigurationView(saved, this.scriptsUrl));
        },
      }),
      route({
        method: 'get',
        path: '/management/scripts/releases',
        operationId: 'listScriptReleases',
        summary: 'The browser library releases the service ships, and which one `stable` and `latest` answer with',
        description: 'Every version the service has shipped stays addressable. An operator promotes `stable` with `kiosk scripts:promote <version>`; until then it answers with the newest.',
        tags,
        auth: { kind: 'bearer', scope: 'sites:read' },
        examples: { responses: { 200: SCRIPT_RELEASES_EXAMPLE } },
        responses: { 200: { description: 'Releases, oldest first', schema: ScriptReleasesView } },
        handler: async ({ res }) => {
          res.json(scriptReleasesView(await this.u.releases.execute()));
        },
      }),
    ];
  }
}
