// Command-line parsing for `kce`: flags the way Kubernetes tools take them (`--flag value`, `--flag=value`).
import { DEFAULT_FEATURE_GATES } from '../core/k8sVersion';

export class UsageError extends Error {}

export interface ParsedArgs {
  command: string;
  positionals: string[];
  flags: Map<string, string>;
  switches: Set<string>;
}

export interface FlagSpec {
  /** Flags that take a value. */
  values: readonly string[];
  /** Flags without a value. */
  switches: readonly string[];
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const [command = '', ...rest] = argv;
  const positionals: string[] = [];
  const flags = new Map<string, string>();
  const switches = new Set<string>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--') {
      positionals.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = (eq >= 0 ? arg.slice(0, eq) : arg).replace(/^--?/, '');
    if (spec.switches.includes(name)) {
      if (eq >= 0) throw new UsageError(`flag --${name} takes no value`);
      switches.add(name);
      continue;
    }
    if (!spec.values.includes(name)) throw new UsageError(`unknown flag: ${arg.slice(0, eq >= 0 ? eq : undefined)}`);
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = rest[i + 1];
      i++;
    }
    if (value === undefined) throw new UsageError(`flag --${name} needs a value`);
    flags.set(name, value);
  }
  return { command, positionals, flags, switches };
}

/** `--feature-gates Name=true,Other=false`, as Kubernetes components take it. */
export function parseFeatureGates(text: string | undefined): Record<string, boolean> {
  // Null prototype: a gate named toString or __proto__ is a name like any other (and unknown).
  const out = Object.create(null) as Record<string, boolean>;
  if (!text) return out;
  for (const part of text.split(',')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--feature-gates: missing bool value for ${item}`);
    const name = item.slice(0, eq).trim();
    if (!Object.hasOwn(DEFAULT_FEATURE_GATES, name)) {
      throw new UsageError(`--feature-gates: unknown feature gate: ${name} (known: ${Object.keys(DEFAULT_FEATURE_GATES).join(', ')})`);
    }
    const raw = item.slice(eq + 1).trim().toLowerCase();
    if (raw !== 'true' && raw !== 'false') throw new UsageError(`--feature-gates: invalid value of ${name}=${item.slice(eq + 1)}, err: must be true or false`);
    out[name] = raw === 'true';
  }
  return out;
}

export type OutputFormat = 'text' | 'json' | 'sarif';

export function parseFormat(value: string | undefined, allowed: readonly OutputFormat[]): OutputFormat {
  const f = (value ?? 'text') as OutputFormat;
  if (!allowed.includes(f)) throw new UsageError(`--format must be one of ${allowed.join(', ')} (got "${value}")`);
  return f;
}
