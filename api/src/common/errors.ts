import { STATUS_CODES } from 'node:http';
import type { FieldError } from './validation';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  detail: string;
  errors?: FieldError[];
  requestId: string;
  [extra: string]: unknown;
}

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The contract's error shape (docs/api-contract.md). `extra` carries documented additions such as `current` on 409. */
export function buildErrorBody(
  status: number,
  message: string,
  requestId: string,
  errors?: FieldError[],
  extra?: Record<string, unknown>,
): ErrorBody {
  const body: ErrorBody = {
    ...(extra ?? {}),
    statusCode: status,
    error: statusText(status),
    message,
    detail: message,
    requestId,
  };
  if (errors && errors.length > 0) body.errors = errors;
  return body;
}

export const GENERIC_500 = 'Internal server error';
export const GENERIC_503 = 'The service is temporarily unavailable. Please try again shortly.';
