import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import {
  IsOptional as IsOptionalOrNull,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';

const IS_NOT_NULL = 'isNotNull';
const IS_REQUIRED = 'isRequired';

/**
 * An optional field: it may be left out, but `null` is a 400 naming it (issue 10). The services
 * read "absent" as "keep the current value"; null used to slip past class-validator's IsOptional
 * and reach a NOT NULL column (500). Import this, not class-validator's IsOptional (ESLint rule);
 * a field that legitimately takes null says so with `IsOptionalNullable` and `nullable: true` in
 * its OpenAPI property.
 */
export function IsOptional(validationOptions?: ValidationOptions): PropertyDecorator {
  const onlyWhenPresent = ValidateIf((_object, value) => value !== undefined, validationOptions);
  const notNull = ValidateBy(
    {
      name: IS_NOT_NULL,
      validator: {
        validate: (value: unknown) => value !== null,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must not be null (leave it out to keep the current value)`,
      },
    },
    validationOptions,
  );
  return (target: object, propertyKey: string | symbol) => {
    onlyWhenPresent(target, propertyKey);
    notNull(target, propertyKey);
  };
}

/**
 * A field every request must send: left out (or null), its one error is `message` (the product's
 * "<field> is required…" wording), not also the format checks it then fails.
 */
export function IsRequired(message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: IS_REQUIRED,
      validator: { validate: (value: unknown) => value !== undefined && value !== null },
    },
    { message },
  );
}

/** An optional field that also accepts null (class-validator's IsOptional); document `nullable: true`. */
export const IsOptionalNullable = IsOptionalOrNull;

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
    const constraints = error.constraints ?? {};
    // A null where null is not allowed, or a required field left out: that one message, not
    // also "must be a string".
    const only = constraints[IS_NOT_NULL] ?? constraints[IS_REQUIRED];
    for (const message of only !== undefined ? [only] : Object.values(constraints)) {
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

/** True for a real calendar day written YYYY-MM-DD (2024-02-29 yes; 2025-02-30, 2025-13-01 no). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date field (YYYY-MM-DD) that must also exist on the calendar: "2025-02-30" is a 400. */
export function IsCalendarDate(validationOptions?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) => isCalendarDate(value),
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'value'} must be a real date as YYYY-MM-DD`,
      },
    },
    validationOptions,
  );
}
