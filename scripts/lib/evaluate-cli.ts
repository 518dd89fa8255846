// The evaluate command (scripts/evaluate.ts):
// npm run evaluate -- --service <type> [--version N] [--as-of YYYY-MM-DD] [--draft def.json] [--inputs] <file.json | ->
// The version is the one in force on --as-of (default today), chosen by the engine's
// versionInForce exactly as the API chooses it; --draft adds a draft definition file (e.g. one
// exported from the studio) as if published on its own effectiveFrom, so it answers only from then.
// --api <url> asks a running server instead of definitions/: the version its database has in force
// on --as-of (published or scheduled from the studio), so the CLI and the server agree. A day after
// the server's today needs a staff access token in RECLAIM_TOKEN.
// Prints the full evaluation as JSON on stdout (nothing else), so it can be piped.
// Bad input: a message naming the field on stderr and exit code 2.
import { readFileSync } from 'node:fs';
import {
  createRegistry,
  evaluateAssessment,
  isIsoDate,
  loadDefinition,
  todayIso,
  type DefinitionRegistry,
  type ParameterSet,
} from '../../engine/src/index';
import { loadAllDefinitions } from './load-all-definitions';
import { checkAnswers, checkInputs } from './validate-cli-input';

const USAGE =
  'Usage: npm run evaluate -- --service <type> [--version N] [--as-of YYYY-MM-DD] [--draft def.json | --api <url>] [--inputs] <file.json | ->';

class UsageError extends Error {}

interface Args {
  service: string;
  version?: number;
  asOf?: string;
  draft?: string;
  api?: string;
  inputs: boolean;
  source: string;
}

function parseArgs(argv: string[]): Args {
  let service: string | undefined;
  let version: number | undefined;
  let asOf: string | undefined;
  let draft: string | undefined;
  let api: string | undefined;
  let inputs = false;
  let source: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const next = (): string => {
      const v = argv[i + 1];
      if (v === undefined || (v.startsWith('--') && v !== '-')) throw new UsageError(`${arg} needs a value`);
      i += 1;
      return v;
    };
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    switch (flag) {
      case '--service':
        service = inline ?? next();
        break;
      case '--version': {
        const v = inline ?? next();
        if (!/^\d+$/.test(v) || Number(v) < 1)
          throw new UsageError(`--version must be a whole number ≥ 1, got ${JSON.stringify(v)}`);
        version = Number(v);
        break;
      }
      case '--as-of': {
        const v = inline ?? next();
        if (!isIsoDate(v))
          throw new UsageError(`--as-of must be a real date as YYYY-MM-DD, got ${JSON.stringify(v)}`);
        asOf = v;
        break;
      }
      case '--draft':
        draft = inline ?? next();
        break;
      case '--api': {
        const v = inline ?? next();
        if (!/^https?:\/\/[^\s/]+/.test(v))
          throw new UsageError(`--api must be a server URL, got ${JSON.stringify(v)}`);
        api = v.replace(/\/+$/, '');
        break;
      }
      case '--inputs':
        inputs = true;
        break;
      case '--help':
      case '-h':
        throw new UsageError(USAGE);
      default:
        if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
        if (source !== undefined) throw new UsageError(`more than one input file: ${source}, ${arg}`);
        source = arg;
    }
  }
  if (!service) throw new UsageError('--service <type> is required');
  if (!source) throw new UsageError('an input file (or - for stdin) is required');
  if (api !== undefined && (draft !== undefined || version !== undefined))
    throw new UsageError('--api chooses the version by --as-of: it cannot be used with --draft or --version');
  return {
    service,
    ...(version !== undefined ? { version } : {}),
    ...(asOf !== undefined ? { asOf } : {}),
    ...(draft !== undefined ? { draft } : {}),
    ...(api !== undefined ? { api } : {}),
    inputs,
    source,
  };
}

function readSource(source: string): Record<string, unknown> {
  let text: string;
  try {
    text = source === '-' ? readFileSync(0, 'utf8') : readFileSync(source, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${source === '-' ? 'stdin' : source}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${source === '-' ? 'stdin' : source} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new UsageError(
      'the input must be a JSON object of answers by question id (or inputs by name with --inputs)',
    );
  }
  return json as Record<string, unknown>;
}

/** The registry with a draft file added as if published on its effectiveFrom (replacing its version). */
function withDraft(all: ReturnType<typeof loadAllDefinitions>, file: string): DefinitionRegistry {
  const json = readSource(file);
  let draft;
  try {
    draft = loadDefinition({ ...json, status: 'published' }, { parameterSets: all.parameterSets });
  } catch (error) {
    throw new UsageError(`--draft ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const others = all.definitions
    .map((d) => d.definition)
    .filter((d) => !(d.id === draft.id && d.version === draft.version));
  return createRegistry([...others, draft]);
}

/** The registry of the one version a server has in force on `asOf` (GET …/published/?as_of=). */
async function fromServer(api: string, service: string, asOf: string): Promise<DefinitionRegistry> {
  const url = `${api}/api/definitions/${encodeURIComponent(service)}/published/?as_of=${asOf}`;
  const token = process.env.RECLAIM_TOKEN;
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new UsageError(
      `--api: cannot reach ${api}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = (await res.json().catch(() => null)) as {
    definition?: Record<string, unknown>;
    parameterSets?: ParameterSet[];
    message?: string;
  } | null;
  if (!res.ok || !body?.definition)
    throw new UsageError(`--api: ${url} answered ${res.status}${body?.message ? `: ${body.message}` : ''}`);
  return createRegistry([loadDefinition(body.definition, { parameterSets: body.parameterSets })]);
}

/** Runs the command with these arguments; resolves to the exit code. */
export async function runEvaluateCli(argv: string[]): Promise<number> {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  try {
    const data = readSource(args.source);
    const all = loadAllDefinitions();
    let registry: DefinitionRegistry = all.registry;
    const asOf = args.asOf ?? todayIso();
    if (args.draft !== undefined) registry = withDraft(all, args.draft);
    if (args.api !== undefined) registry = await fromServer(args.api, args.service, asOf);
    let definition;
    try {
      definition = registry.resolve(args.service, args.version !== undefined ? args.version : { asOf });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const fallback = !registry.has(args.service);
    if (fallback) process.stderr.write(`No definition for "${args.service}": using the generic fallback.\n`);
    const problems = args.inputs
      ? checkInputs(definition, data)
      : checkAnswers(definition, data, { ignoreUnknown: fallback });
    if (problems.length > 0) {
      const what = args.inputs ? 'input' : 'answer';
      throw new UsageError(problems.map((p) => `Invalid ${what} "${p.field}": ${p.message}`).join('\n'));
    }
    const evaluation = await evaluateAssessment({
      definition,
      asOf,
      ...(fallback ? { serviceType: args.service } : {}),
      ...(args.inputs ? { inputs: data } : { answers: data }),
    });
    process.stdout.write(`${JSON.stringify(evaluation, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}
