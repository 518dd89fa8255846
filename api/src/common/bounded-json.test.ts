import { BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import {
  DEFAULT_JSON_LIMITS,
  DEFINITION_JSON_LIMITS,
  installBoundedJson,
  JSON_LIMITS_CONFIG_KEY,
  type JsonLimits,
  parseBoundedJson,
  prescanJson,
  StreamingPrescan,
} from './bounded-json';
import { ValidationFailedException } from './validation';

const small: JsonLimits = {
  maxDepth: 3,
  maxNodes: 10,
  maxKeysPerObject: 4,
  maxArrayLength: 5,
  maxStringLength: 8,
  maxKeyLength: 6,
};

function refusal(text: string, limits: JsonLimits = small): { message: string; fields: string[] } {
  try {
    parseBoundedJson(text, limits);
  } catch (err) {
    expect(err).toBeInstanceOf(BadRequestException);
    const fields = err instanceof ValidationFailedException ? err.errors.map((e) => e.field) : [];
    return { message: (err as BadRequestException).message, fields };
  }
  throw new Error(`accepted: ${text}`);
}

describe('bounded JSON parsing', () => {
  it('parses what JSON.parse parses, within the limits (NUL and lone surrogates aside)', () => {
    const limits = { ...DEFAULT_JSON_LIMITS, maxStringLength: 1e9, maxKeyLength: 1e9 };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        try {
          expect(parseBoundedJson(text, limits)).toEqual(JSON.parse(text));
        } catch (err) {
          const message = (err as Error).message;
          if (/forbidden property name/.test(message)) {
            // Prototype poisoning keys are refused whatever their value (secure-json-parse).
            expect(/"(__proto__|constructor)"/.test(text)).toBe(true);
            return;
          }
          expect(message).toMatch(/not allowed/);
          expect(/\\u0000|\\ud[89a-f]/i.test(text)).toBe(true);
        }
      }),
      // A fixed seed keeps CI repeatable (a random one found the __proto__ case above).
      { numRuns: 300, seed: 20_261_126 },
    );
  });

  it('refuses a __proto__ key (prototype poisoning) with a 400, whatever its value', () => {
    expect(() => parseBoundedJson('[{"__proto__":0}]', DEFAULT_JSON_LIMITS)).toThrow(
      /forbidden property name/,
    );
  });

  it('counts nesting outside strings only, with escaped quotes', () => {
    expect(parseBoundedJson('{"a":"[[[[[[[[\\"{{{{{{"}', { ...small, maxStringLength: 100 })).toEqual({
      a: '[[[[[[[[' + '"{{{{{{',
    });
    expect(refusal('[[[[1]]]]').message).toBe('Request body is nested too deeply (more than 3 levels)');
    expect(parseBoundedJson('[[[1]]]', small)).toEqual([[[1]]]);
  });

  it('refuses too many keys, elements, long strings and keys, naming the field', () => {
    expect(refusal('{"a":{"b":1,"c":2,"d":3,"e":4,"f":5}}')).toEqual({
      message: 'a must have at most 4 keys',
      fields: ['a'],
    });
    expect(refusal('{"list":[1,2,3,4,5,6]}')).toEqual({
      message: 'list must have at most 5 elements',
      fields: ['list'],
    });
    expect(refusal('{"a":[1,2],"b":[1,2,3],"c":[1,2,3,4,5]}').message).toMatch(/too many keys and elements/);
    expect(refusal('{"a":{"name":"123456789"}}')).toEqual({
      message: 'a.name must be at most 8 characters',
      fields: ['a.name'],
    });
    expect(refusal('{"abcdefg":1}')).toEqual({
      message: 'Request body: a key is longer than 6 characters',
      fields: [],
    });
    expect(refusal('{"x":[0,{"y":"a\\u0000"}]}')).toEqual({
      message: 'x.1.y: contains a character that is not allowed',
      fields: ['x.1.y'],
    });
    expect(refusal('{"e":"\\udc00x"}').fields).toEqual(['e']);
    expect(parseBoundedJson('{"e":"\\ud83d\\ude00"}', small)).toEqual({ e: '😀' });
  });

  it('refuses prototype poisoning and malformed JSON as 400s', () => {
    expect(refusal('{"__proto__":{"admin":true}}').message).toBe(
      'Request body contains a forbidden property name',
    );
    expect(refusal('{"a":1').message).toBe('Request body is not valid JSON');
    expect(refusal('{"a":1}}').message).toBe('Request body is not valid JSON');
  });
});

describe('per-route JSON limits', () => {
  it('a route configured with its own limits parses with them; every other route with the defaults', async () => {
    const f = Fastify();
    installBoundedJson(f, 1_000_000);
    f.post('/plain', (request) => ({ ok: request.body !== undefined }));
    f.post('/studio', { config: { [JSON_LIMITS_CONFIG_KEY]: DEFINITION_JSON_LIMITS } }, (request) => ({
      ok: request.body !== undefined,
    }));
    const depth = DEFAULT_JSON_LIMITS.maxDepth + 4;
    const deep = '['.repeat(depth) + ']'.repeat(depth);
    try {
      const send = (url: string) =>
        f.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: deep });
      expect((await send('/plain')).statusCode).toBe(400);
      expect((await send('/studio')).statusCode).toBe(200);
      expect((await send('/plain')).statusCode).toBe(400);
    } finally {
      await f.close();
    }
  });
});

describe('StreamingPrescan (issue 25 §4)', () => {
  const outcome = (run: () => void): string => {
    try {
      run();
      return 'ok';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('fed in any chunks, refuses exactly what prescanJson refuses', () => {
    const samples = [
      '{"a":[1,2,3],"b":"x,y,[z"}',
      '[[[[1]]]]',
      '{"s":"a\\\\\\",[[[[[[","t":1}',
      '{"é":"ü,ß,,,,,,,,,,,,,,,","k":[1,2]}',
      '[1,2,3,4,5,6,7,8,9,10,11]',
      '{"a":{"b":{"c":{"d":1}}}}',
    ];
    for (const text of samples) {
      const expected = outcome(() => prescanJson(text, small));
      const bytes = Buffer.from(text);
      for (let size = 1; size <= bytes.length; size++) {
        const scan = new StreamingPrescan(small);
        const got = outcome(() => {
          for (let i = 0; i < bytes.length; i += size) scan.feed(bytes.subarray(i, i + size));
        });
        expect(got, `${text} in chunks of ${size}`).toBe(expected);
      }
    }
  });

  it('stops at the limit without reading further', () => {
    const scan = new StreamingPrescan(DEFAULT_JSON_LIMITS);
    const chunk = Buffer.from('"k":1,'.repeat(1000));
    let fed = 0;
    expect(() => {
      for (let i = 0; i < 60; i++) {
        scan.feed(chunk);
        fed++;
      }
    }).toThrow(/too many keys and elements/);
    expect(fed).toBe(9);
  });
});
