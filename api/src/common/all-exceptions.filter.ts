import {
  DriverException,
  ForeignKeyConstraintViolationException,
  NotFoundError,
  OptimisticLockError,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable';
import { buildErrorBody, GENERIC_500, GENERIC_503 } from './errors';
import { TooManyRequestsException } from './too-many-requests';
import { type FieldError } from './validation';

interface Resolved {
  status: number;
  message: string;
  errors?: FieldError[];
  extra?: Record<string, unknown>;
  /** Seconds for the Retry-After header of a 429 or 503 (60 when the cause does not say). */
  retryAfterSeconds?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldErrors(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every((e) => isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string')
  );
}

function fromHttpException(exception: HttpException): Resolved {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { status, message: response };
  if (!isRecord(response)) return { status, message: exception.message };
  const raw = response.detail ?? response.message;
  const message = Array.isArray(raw)
    ? raw.map(String).join('; ')
    : typeof raw === 'string'
      ? raw
      : exception.message;
  const errors = isFieldErrors(response.errors) ? response.errors : undefined;
  // Documented extra fields (e.g. `current` on a 409) pass through; the standard ones are rebuilt.
  const { statusCode: _s, error: _e, message: _m, detail: _d, errors: _er, ...extra } = response;
  return { status, message, errors, extra: Object.keys(extra).length > 0 ? extra : undefined };
}

// Errors raised by Fastify itself (body too large, bad JSON, unsupported media type) carry statusCode.
function fromFastifyError(exception: unknown): Resolved | null {
  if (!(exception instanceof Error) || !isRecord(exception)) return null;
  const status = exception.statusCode;
  const code = exception.code;
  if (
    typeof status !== 'number' ||
    status < 400 ||
    status >= 500 ||
    typeof code !== 'string' ||
    !code.startsWith('FST_')
  )
    return null;
  const messages: Record<string, string> = {
    FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
    FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  };
  return { status, message: messages[code] ?? (status === 400 ? 'Malformed request' : exception.message) };
}

export function resolveException(exception: unknown): Resolved {
  if (exception instanceof TooManyRequestsException)
    return { ...fromHttpException(exception), retryAfterSeconds: exception.retryAfterSeconds };
  if (exception instanceof HttpException) return fromHttpException(exception);
  const fastify = fromFastifyError(exception);
  if (fastify) return fastify;
  if (exception instanceof OptimisticLockError)
    return { status: 409, message: 'The record was changed elsewhere; reload and try again' };
  if (exception instanceof UniqueConstraintViolationException)
    return { status: 409, message: 'The record already exists' };
  if (exception instanceof ForeignKeyConstraintViolationException) {
    return { status: 409, message: 'The record is still referenced by other records' };
  }
  // findOneOrFail on a missing row.
  if (exception instanceof NotFoundError) return { status: 404, message: 'Not found' };
  // SECURITY row 33: the database down or refusing is a 503 the client may retry, never a 500.
  if (isDatabaseUnavailable(exception))
    return { status: 503, message: GENERIC_503, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS };
  if (exception instanceof DriverException) return { status: 500, message: GENERIC_500 };
  return { status: 500, message: GENERIC_500 };
}

/** Every error leaves as the contract's body: no stack, no SQL; 5xx logged with their cause. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    sendError(exception, request, reply, this.logger);
  }
}

export function sendError(
  exception: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
): void {
  const resolved = resolveException(exception);
  if (resolved.status >= 500) {
    logger.error(
      { err: exception, reqId: request.id, method: request.method, url: request.url },
      'request failed',
    );
  }
  if (reply.sent) return;
  const body = buildErrorBody(
    resolved.status,
    resolved.message,
    String(request.id),
    resolved.errors,
    resolved.extra,
  );
  if (resolved.status === 429 || resolved.status === 503)
    void reply.header('Retry-After', String(resolved.retryAfterSeconds ?? 60));
  void reply.status(resolved.status).header('content-type', 'application/json; charset=utf-8').send(body);
}
