// Browser console logger. Secrets never reach the console: any field whose name looks like a
// password, token or credential is replaced at any depth (SECURITY.md row 21).
type Level = 'debug' | 'info' | 'warn' | 'error';

const SECRET_KEY = /pass(word)?|token|^access$|^refresh$|authori[sz]ation|secret|^cookie$/i;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
export const REDACTED = '[REDACTED]';

function redactString(value: string): string {
  return value.replace(BEARER, `$1${REDACTED}`).replace(JWT, REDACTED);
}

export function redact(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactString(value.message) };
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  if (typeof Headers !== 'undefined' && value instanceof Headers) {
    const out: Record<string, string> = {};
    value.forEach((v, k) => {
      out[k] = SECRET_KEY.test(k) ? REDACTED : redactString(v);
    });
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : redact(inner, seen);
  }
  return out;
}

function write(level: Level, message: string, data?: unknown): void {
  const text = `[reclaim] ${redactString(message)}`;
  const args: unknown[] = data === undefined ? [text] : [text, redact(data)];
  switch (level) {
    case 'debug':
      if (import.meta.env.DEV) console.debug(...args);
      break;
    case 'info':
      console.info(...args);
      break;
    case 'warn':
      console.warn(...args);
      break;
    case 'error':
      console.error(...args);
      break;
  }
}

export const logger = {
  debug: (message: string, data?: unknown) => write('debug', message, data),
  info: (message: string, data?: unknown) => write('info', message, data),
  warn: (message: string, data?: unknown) => write('warn', message, data),
  error: (message: string, data?: unknown) => write('error', message, data),
};
