import { NotFoundError, OptimisticLockError } from '@mikro-orm/core';
import { BadRequestException, ConflictException, ForbiddenException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { resolveException } from './all-exceptions.filter';
import { ValidationFailedException } from './validation';

describe('resolveException', () => {
  it('keeps HTTP statuses and messages, and field errors for validation failures', () => {
    expect(resolveException(new ForbiddenException('No.'))).toMatchObject({ status: 403, message: 'No.' });
    expect(resolveException(new BadRequestException(['a is bad', 'b is bad']))).toMatchObject({
      status: 400,
      message: 'a is bad; b is bad',
    });
    const fields = [{ field: 'email', message: 'email must be an email' }];
    expect(resolveException(new ValidationFailedException(fields))).toEqual({
      status: 400,
      message: 'email must be an email',
      errors: fields,
      extra: undefined,
    });
  });

  it('passes documented extra fields through (409 with the current record)', () => {
    const resolved = resolveException(
      new ConflictException({ message: 'Assessment was changed elsewhere', current: { id: 'a1' } }),
    );
    expect(resolved).toEqual({
      status: 409,
      message: 'Assessment was changed elsewhere',
      errors: undefined,
      extra: { current: { id: 'a1' } },
    });
  });

  it('maps ORM errors: stale version → 409, missing row → 404; anything unknown → generic 500', () => {
    expect(resolveException(OptimisticLockError.lockFailed('User')).status).toBe(409);
    expect(resolveException(NotFoundError.findOneFailed('User', { id: 'x' })).status).toBe(404);
    const unknown = resolveException(new Error('select * from users where password_hash = ...'));
    expect(unknown).toEqual({ status: 500, message: 'Internal server error' });
  });

  it('maps an unreachable database to 503', () => {
    expect(
      resolveException(new Error('Knex: Timeout acquiring a connection. The pool is probably full.')).status,
    ).toBe(503);
    expect(resolveException(new Error('connect ECONNREFUSED 127.0.0.1:5432')).status).toBe(503);
  });
});
