import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyInstance, onResponseHookHandler, onSendHookHandler, RouteOptions } from 'fastify';

// Fastify never reads a GET or HEAD request's body (handle-request.js: "bodyless" methods go
// straight to the handler), so what the body plugins do on those routes is work for nothing.
const BODYLESS = new Set(['GET', 'HEAD']);

/** True when none of the route's methods has its body read. */
export function takesNoBody(route: Pick<RouteOptions, 'method'>): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.every((m) => BODYLESS.has(String(m).toUpperCase()));
}

function appendRouteHook(route: RouteOptions, name: 'onResponse', hook: onResponseHookHandler): void {
  const existing = route[name];
  route[name] =
    existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
}

/**
 * @fastify/compress also inflates compressed request bodies, through a preParsing hook on every
 * route. Must run before the plugin is registered: routes that take no body opt out of it
 * (`decompress: false`, the plugin's per-route option); responses are compressed as before.
 */
export function noRequestDecompressionWithoutBody(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const options = route as RouteOptions & { decompress?: unknown };
    if (options.decompress === undefined && takesNoBody(route)) options.decompress = false;
  });
}

/**
 * @fastify/compress's per-route onSend hook, called only for a payload it may compress. For a
 * string under its threshold (a health check, an error, most single-record answers) the hook
 * hands the payload on unchanged whatever the request asked (no header set, Vary included), after
 * reading three response headers and negotiating Accept-Encoding: that part is skipped. Must be
 * registered right after the plugin, so its onRoute hook runs after the plugin's.
 */
export function compressOnlyAboveThreshold(fastify: FastifyInstance, threshold: number): void {
  fastify.addHook('onRoute', (route) => {
    const hooks = route.onSend;
    if (!Array.isArray(hooks)) return;
    const i = hooks.length - 1;
    const last: unknown = hooks[i];
    // The hook @fastify/compress appends to the route (index.js, buildRouteCompress).
    if (typeof last !== 'function' || last.name !== 'onSend') return;
    const compress = last as onSendHookHandler;
    const onlyAboveThreshold: onSendHookHandler = function (request, reply, payload, done) {
      if (typeof payload === 'string' && Buffer.byteLength(payload) < threshold) {
        done(null, payload);
        return;
      }
      return compress.call(this, request, reply, payload, done);
    };
    route.onSend = [...hooks.slice(0, i), onlyAboveThreshold];
  });
}

/**
 * @fastify/multipart as registered by `app.register(multipart, options)`, except for its one
 * global hook: an async onResponse hook (three promises per request) that deletes the temporary
 * files `request.saveRequestFiles()` wrote. Only a request whose multipart body was parsed can
 * have any, so the same hook is added to the routes that read a body, not to GET and HEAD.
 */
export async function registerMultipart(
  fastify: FastifyInstance,
  options: FastifyMultipartOptions,
): Promise<void> {
  let cleanup: onResponseHookHandler | undefined;
  type AddHook = (this: FastifyInstance, name: string, hook: unknown) => FastifyInstance;
  const addHook = Reflect.get(fastify, 'addHook') as AddHook;
  // The plugin is wrapped by fastify-plugin: it adds its hook to this instance while registering.
  const intercept: AddHook = function (name, hook) {
    if (name === 'onResponse' && cleanup === undefined) {
      cleanup = hook as onResponseHookHandler;
      return this;
    }
    return addHook.call(this, name, hook);
  };
  Reflect.set(fastify, 'addHook', intercept);
  try {
    await fastify.register(multipart, options);
  } finally {
    Reflect.set(fastify, 'addHook', addHook);
  }
  const hook = cleanup;
  if (hook === undefined) throw new Error('@fastify/multipart registered no onResponse hook to scope');
  fastify.addHook('onRoute', (route) => {
    if (!takesNoBody(route)) appendRouteHook(route, 'onResponse', hook);
  });
}
