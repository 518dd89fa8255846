import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

export interface FieldError {
  field: string;
  message: string;
}

export class ValidationFailedException extends BadRequestException {
  constructor(readonly errors: FieldError[]) {
    super({ message: summarise(errors), errors });
  }
}

function summarise(errors: FieldError[]): string {
  const first = errors[0];
  if (!first) return 'Invalid request';
  return errors.length === 1 ? first.message : `${first.message} (and ${errors.length - 1} more)`;
}

/** Flattens class-validator's tree into [{ field: 'a.b.0.c', message }]. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      // class-validator's whitelist message names the property already; keep it readable.
      out.push({ field, message });
    }
    if (error.children && error.children.length > 0)
      out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

/** Global pipe: unknown fields → 400, types converted from query strings via @Type, values never echoed. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    stopAtFirstError: false,
    exceptionFactory: (errors) => new ValidationFailedException(flattenValidationErrors(errors)),
  });
}
