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

  it('row 33: driver connection errors of PostgreSQL and SQLite → 503 with Retry-After 5', () => {
    const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
    const unavailable = [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is shutting down', '57P03'),
      withCode('connection failure', '08006'),
      withCode('database "x" is not currently accepting connections', '55000'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      new Error('Connection terminated unexpectedly'),
      new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
      withCode('database is locked', 'SQLITE_BUSY'),
      withCode('unable to open database file', 'SQLITE_CANTOPEN'),
      withCode('disk I/O error', 'SQLITE_IOERR_WRITE'),
      withCode('attempt to write a readonly database', 'SQLITE_READONLY'),
      new Error('request failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ];
    for (const err of unavailable) {
      expect(resolveException(err), err.message).toEqual({
        status: 503,
        message: 'The service is temporarily unavailable. Please try again shortly.',
        retryAfterSeconds: 5,
      });
    }
    // Faults of the query or the data stay 500 (or their own mapping).
    expect(resolveException(withCode('syntax error at or near "selec"', '42601')).status).toBe(500);
    expect(
      resolveException(withCode('NOT NULL constraint failed: users.email', 'SQLITE_CONSTRAINT')).status,
    ).toBe(500);
  });
});
