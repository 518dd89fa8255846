import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with the wait the limiter computed; AllExceptionsFilter sends it as `Retry-After` (seconds). */
export class TooManyRequestsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
