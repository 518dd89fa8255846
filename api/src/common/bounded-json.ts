import { BadRequestException } from '@nestjs/common';
import { errorCodes, type FastifyInstance, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import { ValidationFailedException } from './validation';

/**
 * Bounded JSON input (issue 10): every application/json body is checked before any DTO code
 * (class-transformer, class-validator) sees it, so the cost of a hostile body is bounded by
 * these limits and not by what the body holds. Chosen limits: docs/decisions.md §23.
 */
export interface JsonLimits {
  /** Deepest nesting of objects and arrays (the body itself is level 1). */
  maxDepth: number;
  /** All object keys and array elements in the body together. */
  maxNodes: number;
  /** Keys of one object. */
  maxKeysPerObject: number;
  /** Elements of one array. */
  maxArrayLength: number;
  /** UTF-16 code units of one string value. */
  maxStringLength: number;
  /** UTF-16 code units of one object key. */
  maxKeyLength: number;
}

/** Every JSON route unless its route config says otherwise. */
export const DEFAULT_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 32,
  maxNodes: 10_000,
  maxKeysPerObject: 200,
  maxArrayLength: 1_000,
  // News articles are the longest legitimate strings (content ≤ 100,000 characters).
  maxStringLength: 100_000,
  maxKeyLength: 200,
});

/**
 * Adviser studio routes that carry a whole assessment definition (the largest today: 160 KB,
 * 21 levels, 4,100 keys and elements; drafts grow to ~300 KB in the studio).
 */
export const DEFINITION_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 64,
  maxNodes: 50_000,
  maxKeysPerObject: 1_000,
  maxArrayLength: 5_000,
  maxStringLength: 100_000,
  maxKeyLength: 200,
});

/** Route config key: `@RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: DEFINITION_JSON_LIMITS })`. */
export const JSON_LIMITS_CONFIG_KEY = 'jsonLimits';

export const NOT_ALLOWED_CHARACTER = 'contains a character that is not allowed';

/**
 * A 400 naming one field (`errors: [{ field, message }]`, the validation pipe's shape); about
 * the body as a whole when the field is the body itself.
 */
function fieldError(field: string, message: string): BadRequestException {
  if (field === 'Request body') return new BadRequestException(message);
  return new ValidationFailedException([{ field, message }]);
}

/** A 400 about the body as a whole (no field to name). */
function bodyError(message: string): BadRequestException {
  return new BadRequestException(message);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * One linear pass over the raw text, before JSON.parse: nesting depth (brackets outside strings)
 * and the number of separators, which bounds the number of keys and elements. JSON.parse never
 * sees a 20,000-deep or 60,000-key body.
 */
export function prescanJson(text: string, limits: JsonLimits): void {
  let depth = 0;
  let commas = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > limits.maxDepth)
        throw bodyError(`Request body is nested too deeply (more than ${limits.maxDepth} levels)`);
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA) {
      commas++;
      if (commas >= limits.maxNodes)
        throw bodyError(`Request body has too many keys and elements (more than ${limits.maxNodes})`);
    }
  }
}

/**
 * prescanJson over a body as it arrives (issue 25 §4): the same depth and separator counts, fed
 * one chunk of UTF-8 bytes at a time (every structural character is ASCII, and no byte of a
 * multi-byte character is below 0x80), so a 60,000-key or 20,000-deep body is refused after the
 * first ~10,000 separators have arrived, before the rest is read, kept or parsed.
 */
export class StreamingPrescan {
  private depth = 0;
  private commas = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly limits: JsonLimits) {}

  /** Throws the same 400 as prescanJson as soon as a limit is passed. */
  feed(chunk: Uint8Array): void {
    const { maxDepth, maxNodes } = this.limits;
    let { depth, commas, inString, escaped } = this;
    try {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) inString = false;
          continue;
        }
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          depth++;
          if (depth > maxDepth)
            throw bodyError(`Request body is nested too deeply (more than ${maxDepth} levels)`);
        } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
        else if (c === COMMA) {
          commas++;
          if (commas >= maxNodes)
            throw bodyError(`Request body has too many keys and elements (more than ${maxNodes})`);
        }
      }
    } finally {
      this.depth = depth;
      this.commas = commas;
      this.inString = inString;
      this.escaped = escaped;
    }
  }
}

interface StringWithWellFormed {
  isWellFormed?: () => boolean;
}
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** False for a NUL character or a lone UTF-16 surrogate (neither can be stored or shown). */
export function isAllowedText(value: string): boolean {
  if (value.includes('\u0000')) return false;
  const native = (value as StringWithWellFormed).isWellFormed;
  return native ? native.call(value) : !LONE_SURROGATE.test(value);
}

function childPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

/**
 * Walks the parsed body without recursion: keys per object, array lengths, total size, string
 * and key lengths, NUL and lone surrogates. Throws a 400 naming the first offending field.
 */
export function checkJsonValue(root: unknown, limits: JsonLimits): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const field = path === '' ? 'Request body' : path;
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength)
        throw fieldError(field, `${field} must be at most ${limits.maxStringLength} characters`);
      if (!isAllowedText(value)) throw fieldError(field, `${field}: ${NOT_ALLOWED_CHARACTER}`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limits.maxDepth)
      throw bodyError(`Request body is nested too deeply (more than ${limits.maxDepth} levels)`);
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayLength)
        throw fieldError(field, `${field} must have at most ${limits.maxArrayLength} elements`);
      nodes += value.length;
      if (nodes > limits.maxNodes)
        throw bodyError(`Request body has too many keys and elements (more than ${limits.maxNodes})`);
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i] as unknown, path: childPath(path, i), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.maxKeysPerObject)
      throw fieldError(field, `${field} must have at most ${limits.maxKeysPerObject} keys`);
    nodes += keys.length;
    if (nodes > limits.maxNodes)
      throw bodyError(`Request body has too many keys and elements (more than ${limits.maxNodes})`);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (!isAllowedText(key)) throw fieldError(field, `${field}: a key ${NOT_ALLOWED_CHARACTER}`);
      if (key.length > limits.maxKeyLength)
        throw fieldError(field, `${field}: a key is longer than ${limits.maxKeyLength} characters`);
      stack.push({
        value: (value as Record<string, unknown>)[key],
        path: childPath(path, key),
        depth: depth + 1,
      });
    }
  }
}

/** Prescan, parse (prototype poisoning refused), walk. Throws 400 errors for the filter. */
export function parseBoundedJson(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): unknown {
  prescanJson(text, limits);
  return parsePrescannedJson(text, limits);
}

/** Parse and walk a body whose depth and separators were already counted (StreamingPrescan). */
function parsePrescannedJson(text: string, limits: JsonLimits): unknown {
  let value: unknown;
  try {
    value = secureJsonParse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    if (err instanceof SyntaxError && /prototype|__proto__|constructor/i.test(err.message))
      throw bodyError('Request body contains a forbidden property name');
    throw bodyError('Request body is not valid JSON');
  }
  checkJsonValue(value, limits);
  return value;
}

function isJsonLimits(value: unknown): value is JsonLimits {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<JsonLimits>).maxDepth === 'number' &&
    typeof (value as Partial<JsonLimits>).maxNodes === 'number'
  );
}

// Set on the request by the routes that have their own limits (see installBoundedJson):
// reading request.routeOptions builds a dozen-field object on every call.
const ROUTE_LIMITS = Symbol('reclaim.jsonLimits');
type WithLimits = FastifyRequest & { [ROUTE_LIMITS]?: JsonLimits };

export function routeJsonLimits(request: FastifyRequest): JsonLimits {
  return (request as WithLimits)[ROUTE_LIMITS] ?? DEFAULT_JSON_LIMITS;
}

/** Query strings and path parameters: NUL and lone surrogates refused like in bodies. */
function checkRequestStrings(source: unknown, where: string): void {
  if (typeof source !== 'object' || source === null) return;
  // for…in rather than Object.entries(): no array built for the (usually empty) object.
  const record = source as Record<string, unknown>;
  for (const key in record) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const raw = record[key];
    if (!isAllowedText(key)) throw fieldError(where, `${where}: a parameter name ${NOT_ALLOWED_CHARACTER}`);
    const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    for (const value of values)
      if (typeof value === 'string' && !isAllowedText(value))
        throw fieldError(key, `${key}: ${NOT_ALLOWED_CHARACTER}`);
  }
}

/**
 * Replaces Fastify's application/json parser with the bounded one (the body limit stays the
 * adapter's `bodyLimit`, 413 above it) and refuses NUL and lone surrogates in query strings and
 * path parameters.
 */
export function installBoundedJson(fastify: FastifyInstance, bodyLimit: number): void {
  // A route configured with its own limits gets an onRequest hook that marks its requests.
  fastify.addHook('onRoute', (route) => {
    const limits = (route.config as Record<string, unknown> | undefined)?.[JSON_LIMITS_CONFIG_KEY];
    if (!isJsonLimits(limits)) return;
    const mark: onRequestHookHandler = (request, _reply, done) => {
      (request as WithLimits)[ROUTE_LIMITS] = limits;
      done();
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [mark] : [...(Array.isArray(existing) ? existing : [existing]), mark];
  });
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', (request: FastifyRequest, payload, done) =>
    readBoundedJson(request, payload, bodyLimit, done),
  );
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestStrings(request.query, 'query');
      checkRequestStrings(request.params, 'path');
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}

type Done = (err: Error | null, body?: unknown) => void;
type Payload = NodeJS.ReadableStream & { receivedEncodedLength?: number };

/**
 * Reads a JSON body as Fastify's own raw-body reader does (the body limit on the declared and the
 * received length, 413 above it; a length that differs from Content-Length → 400), with the
 * prescan fed each chunk as it arrives: a body past the depth or separator limits is refused at
 * once. The rest of a refused body is not kept: Node discards what is still to come once the
 * answer has been sent.
 */
function readBoundedJson(request: FastifyRequest, payload: Payload, bodyLimit: number, done: Done): void {
  const contentLength = Number(request.headers['content-length']);
  if (contentLength > bodyLimit) {
    done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    return;
  }
  const limits = routeJsonLimits(request);
  const prescan = new StreamingPrescan(limits);
  const chunks: Buffer[] = [];
  let received = 0;

  const stop = (): void => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(data: Buffer | string): void {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    received += chunk.length;
    if (received > bodyLimit || (payload.receivedEncodedLength ?? 0) > bodyLimit) {
      stop();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    try {
      prescan.feed(chunk);
    } catch (err) {
      stop();
      done(err as Error);
      return;
    }
    chunks.push(chunk);
  }
  function onEnd(err?: Error & { statusCode?: number }): void {
    stop();
    if (err) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      done(err);
      return;
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    const text = Buffer.concat(chunks, received).toString('utf8');
    if (text.trim() === '') {
      done(bodyError('Request body is empty'));
      return;
    }
    try {
      done(null, parsePrescannedJson(text, limits));
    } catch (parseErr) {
      done(parseErr as Error);
    }
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}
