import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiError } from '@tend/shared';
import { API_SECURITY_HEADERS } from './security-headers.ts';

interface ClientProblem {
  status: number;
  reason: string;
  error: ApiError['error'];
}

/**
 * What Node's HTTP parser could not take, in DESIGN.md's error shape: these never reach Fastify's
 * routing or error handler, and Fastify's own answer is `{ error, message, statusCode }`.
 */
function problemOf(code: string | undefined): ClientProblem {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      error: {
        code: 'headers_too_large',
        message: 'The address or headers of this request are too long.',
      },
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      reason: 'Request Timeout',
      error: { code: 'request_timeout', message: 'The request took too long to arrive.' },
    };
  }
  // An unknown method, a request line or header that is not HTTP, a broken chunked body.
  return {
    status: 400,
    reason: 'Bad Request',
    error: { code: 'malformed_request', message: 'Tend could not read this request.' },
  };
}

/** Fastify's `clientErrorHandler`: answers once, in words, then closes the connection. */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: NodeJS.ErrnoException,
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, error: body } = problemOf(error.code);
  this.log.debug({ code: error.code }, 'unreadable request');
  if (socket.writable) {
    const json = JSON.stringify({ error: body });
    const headers = {
      ...API_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(json)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${json}`);
  }
  socket.destroy();
}
