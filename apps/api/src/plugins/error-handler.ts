import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { acceptedLanguage, type ApiError } from '@tend/shared';
import { translateFields, translateMessage } from '@tend/shared/messages-es';
import { AppError } from '../lib/app-error.ts';
import { databaseUnavailableError, safeErrorSummary } from '../lib/database-unavailable.ts';
import { uniqueViolationOf } from '../lib/unique-violation.ts';

/**
 * Answers in DESIGN.md's error shape, in the language the request's Accept-Language asks for
 * (English unless Spanish is preferred): the message and each field's sentence are written in
 * English where they arise and put into Spanish here (docs/decisions/033-spanish-messages.md).
 */
function send(reply: FastifyReply, status: number, error: ApiError['error']) {
  const language = acceptedLanguage(reply.request.headers['accept-language']);
  const translated: ApiError['error'] =
    language === 'en'
      ? error
      : {
          ...error,
          message: translateMessage(error.message, language),
          ...(error.fields ? { fields: translateFields(error.fields, language) } : {}),
        };
  return reply.status(status).type('application/json; charset=utf-8').send({ error: translated });
}

/** Turns zod issues into one readable sentence per field, as forms show them. */
function fieldMessages(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const v of error.validation) {
    const prefix = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (v.params as { keys?: unknown }).keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys)
        fields[prefix ? `${prefix}.${String(key)}` : String(key)] =
          'This field is not accepted here.';
      continue;
    }
    fields[prefix || 'body'] ??= v.message ?? 'This value is not valid.';
  }
  return fields;
}

// Fastify's own codes for requests it cannot read; each maps to a sentence a person can act on.
const requestProblems: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not accepted here; send JSON.',
  },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'file_too_large',
    message: 'The file is larger than 2 MB. Choose a smaller one.',
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the file as multipart/form-data.',
  },
  FST_FILES_LIMIT: { status: 400, code: 'too_many_files', message: 'Send one file at a time.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'malformed_request',
    message: 'The request body is empty; send a JSON object.',
  },
  // Reach here through the Fastify option frameworkErrors (app.ts): a path that is not valid
  // percent-encoding, or a path parameter longer than the router takes.
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'malformed_request',
    message: 'The address of this request is not valid.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'address_too_long',
    message: 'The address of this request is too long.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'malformed_request',
    message: 'The request body is not valid JSON.',
  },
};

function sendAppError(reply: FastifyReply, error: AppError) {
  if (error.retryAfterMs) reply.header('Retry-After', String(Math.ceil(error.retryAfterMs / 1000)));
  return send(reply, error.statusCode, {
    code: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
  });
}

/**
 * Input past the schemas that a lower layer still cannot take, each a 500 before `npm run chaos`
 * found it: a multipart body the parser cannot read (no boundary, cut short), and text holding a
 * NUL character, which PostgreSQL refuses to store (SQLSTATE 22021) while SQLite keeps it.
 */
function unusableInput(
  error: FastifyError,
  request: FastifyRequest,
): ApiError['error'] | undefined {
  const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/');
  if (multipart && /multipart|boundary|part header/i.test(error.message)) {
    return {
      code: 'malformed_request',
      message: 'The upload could not be read. Send the file again.',
    };
  }
  if (error.code === '22021') {
    return { code: 'invalid_input', message: 'Text may not contain the NUL character.' };
  }
  return undefined;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return sendAppError(reply, error);
  // Two requests raced for one unique row and no route put it in words (conflictOn does): still a
  // 409, never a 500. The log names the index (never the values, which can be personal data).
  const unique = uniqueViolationOf(error);
  if (unique) {
    request.log.warn({ index: unique }, 'unique index refused a write; answered 409');
    return send(reply, 409, {
      code: 'conflict',
      message: 'Someone changed this at the same moment. Reload and try again.',
    });
  }
  // Fastify's own 4xx (a client that hung up mid-body: ECONNRESET) are about the request, not the database.
  const unavailable =
    (error.statusCode ?? 500) >= 500 ? databaseUnavailableError(error) : undefined;
  if (unavailable) {
    // Expected while the database restarts: a warning, without the driver's detail.
    request.log.warn({ failure: safeErrorSummary(error) }, 'database unavailable; answered 503');
    return sendAppError(reply, unavailable);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return send(reply, 400, {
      code: 'invalid_input',
      message: 'Some of what was sent is not valid. Check the highlighted fields.',
      fields: fieldMessages(error),
    });
  }
  const known = error.code ? requestProblems[error.code] : undefined;
  if (known) return send(reply, known.status, { code: known.code, message: known.message });
  if (error.statusCode === 429) {
    return send(reply, 429, { code: 'too_many_requests', message: error.message });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    if (error instanceof SyntaxError) {
      return send(reply, 400, {
        code: 'malformed_request',
        message: 'The request body is not valid JSON.',
      });
    }
    return send(reply, status, {
      code: 'bad_request',
      message: 'The request could not be understood.',
    });
  }
  const unusable = unusableInput(error, request);
  if (unusable) return send(reply, 400, unusable);
  // A 5xx never carries internals. The log has the kind, code, message and stack, but not the
  // driver's `detail` or parameters, which can quote personal data.
  request.log.error(
    { failure: { ...safeErrorSummary(error), stack: error.stack } },
    'request failed',
  );
  return send(reply, 500, {
    code: 'internal_error',
    message: 'Something went wrong on our side. Please try again in a moment.',
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}
