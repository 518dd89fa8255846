import { HttpException } from '@nestjs/common';

/**
 * A handler's own answer with a non-2xx status and a body of its own (not the contract's error
 * body), thrown so that the handler needs no `@Res()` parameter just to set a status: Nest resolves
 * a route's parameters through its pipes on every request, which on a trivial route (the health
 * check) was about a tenth of the request's CPU. AllExceptionsFilter sends the body as it is, with
 * Retry-After when given, and does not log it as a failure (it is an answer, not an error).
 */
export class AnswerException extends HttpException {
  constructor(
    readonly body: Record<string, unknown>,
    status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(body, status);
  }
}
