import { createServer, RequestListener, Server } from 'node:http';
import { Duplex } from 'node:stream';
import { DEFAULT_SERVER_TIMEOUTS, ServerTimeouts } from '../../config';

/** The HTTP server of the service with its timeouts set. */
export function createHttpServer(listener: RequestListener, timeouts: ServerTimeouts = DEFAULT_SERVER_TIMEOUTS): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    listener,
  );
  // Set again on the instance: older Node versions read only these.
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.on('clientError', answerClientError);
  return server;
}

/**
 * What Node's HTTP parser refuses before Express sees a request (a head too
 * large or malformed, a client too slow) answers a problem+json too, with
 * the status Node would have used, and the connection is closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // As Node does: answer unless a response of this connection has already started to go out.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, title, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'REQUEST.HEAD_TOO_LARGE', 'the request line and headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'REQUEST.TIMEOUT', 'the request did not arrive in time']
        : [400, 'Bad Request', 'REQUEST.MALFORMED_HTTP', 'the request is not well-formed HTTP/1.1'];
  const body = JSON.stringify({ type: `urn:kiosk:problem:${code.toLowerCase()}`, title, status, detail, code });
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
