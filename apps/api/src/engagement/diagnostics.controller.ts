import { DiagnosticsRecord, DiagnosticsSender, RecordDiagnostics } from '@kiosk/domain/engagement';
import { Principal } from '@kiosk/domain/identity';
import { Request } from 'express';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { depthOf, validateInput } from '../platform/http/validation';
import { DIAGNOSTICS_ANSWER_SCHEMA, DIAGNOSTICS_LIMITS, DiagnosticsBody } from './diagnostics.dto';
import { DIAGNOSTICS_ANSWER_EXAMPLE, DIAGNOSTICS_EXAMPLE } from './engagement.examples';

/** Deepest nesting of a JSON value, walked without recursion (a hostile body cannot blow the stack). */
/**
 * Checks a diagnostics body before it is validated: its media type, its
 * size (413 beyond the limit) and its nesting, so that validation and
 * storage only ever see a bounded record.
 */
async function readRecord(req: Request): Promise<DiagnosticsBody> {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is(['application/json', 'application/*+json'])) {
    throw new HttpProblem(415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'the request body must be application/json');
  }
  const body: unknown = req.body;
  if (depthOf(body, DIAGNOSTICS_LIMITS.maxDepth) > DIAGNOSTICS_LIMITS.maxDepth) {
    throw new HttpProblem(400, 'DIAGNOSTICS.TOO_DEEP', `the record nests deeper than ${DIAGNOSTICS_LIMITS.maxDepth} levels`);
  }
  const bytes = Buffer.byteLength(JSON.stringify(body ?? {}));
  if (bytes > DIAGNOSTICS_LIMITS.maxBytes) {
    throw new HttpProblem(413, 'DIAGNOSTICS.TOO_LARGE', `a diagnostics record is at most ${DIAGNOSTICS_LIMITS.maxBytes} bytes of JSON`, {
      limit: DIAGNOSTICS_LIMITS.maxBytes,
      size: bytes,
    });
  }
  return validateInput(DiagnosticsBody, body, 'body');
}

function senderOf(principal: Principal): DiagnosticsSender {
  if (principal.kind === 'visitor') {
    return { kind: 'visitor', vendorId: principal.vendorId, visitorId: principal.visitorId, clientId: principal.clientId };
  }
  return { kind: 'user', vendorId: principal.vendorId, userId: (principal as { userId: string }).userId };
}

export class DiagnosticsController implements Controller {
  constructor(private readonly record: RecordDiagnostics) {}

  routes() {
    return [
      route<DiagnosticsBody>({
        method: 'post',
        path: '/diagnostics',
        operationId: 'postDiagnostics',
        summary: 'Send a diagnostics record (interface 2.11)',
        description:
          'A signed-in reader (bearer user token) or an anonymous visitor (HTTP Basic `<browser clientId>:<visitorId>`). ' +
          'Values in localStorage and sessionStorage are stored as "[REDACTED]" when flagged `redacted` or when they look ' +
          'like credentials (JWTs, bearer tokens, long hex or base64 secrets, keys named like token, secret, password, ' +
          `auth, session or key). At most ${DIAGNOSTICS_LIMITS.maxBytes} bytes of JSON and ${DIAGNOSTICS_LIMITS.maxDepth} levels of nesting.`,
        tags: ['diagnostics'],
        auth: { kind: 'reader' },
        body: { dto: DiagnosticsBody },
        examples: { request: DIAGNOSTICS_EXAMPLE, responses: { 200: DIAGNOSTICS_ANSWER_EXAMPLE } },
        // The body is checked here (size and depth before validation), not by the generic validator.
        rawErrors: true,
        responses: {
          200: { description: 'Stored', schema: DIAGNOSTICS_ANSWER_SCHEMA },
          400: { description: 'Malformed record, or nested too deep' },
          401: { description: 'No or bad credentials' },
          413: { description: 'Record too large (DIAGNOSTICS.TOO_LARGE)' },
          415: { description: 'Body not JSON' },
        },
        handler: async ({ req, res, principal }) => {
          const body = await readRecord(req);
          const { id, timestamp } = await this.record.execute({
            sender: senderOf(principal),
            record: { ...body } as unknown as DiagnosticsRecord,
          });
          res.json({ success: true, id, timestamp: timestamp.toISOString() });
        },
      }),
    ];
  }
}
