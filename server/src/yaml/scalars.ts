// YAML 1.1 traps: kubectl decodes YAML with go-yaml v2 (YAML 1.1 rules), so an unquoted `yes`, `on`
// or `0755` in a place where Kubernetes expects a string is a bool or a number there, while a YAML 1.2
// parser (ours, and most editors') reads it as a string. We look at each scalar's source form.
import { isMap, isPair, isScalar, isSeq, Scalar } from 'yaml';
import type { Node as YamlNode, Pair } from 'yaml';
import { child, index, key } from '../core/fieldPath';
import type { FieldPath } from '../core/fieldPath';
import type { OffsetRange, ParsedDocument } from './parse';

export type Yaml11Kind = 'bool' | 'int' | 'float' | 'null';

export interface Yaml11Trap {
  path: FieldPath;
  /** The scalar as written. */
  source: string;
  readsAs: Yaml11Kind;
  /** True when the trap is the map key itself (a label key written `yes:`). */
  isKey: boolean;
  range: OffsetRange;
}

const BOOLS = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON',
  'n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF',
]);
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL']);
const SPECIAL_FLOATS = new Set(['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF']);
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO][0-7]+|0[0-7]*|[1-9][0-9]*)$/;
const GO_UINT = GO_INT;
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)?$/;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

function goIntValue(s: string): bigint | undefined {
  if (!GO_INT.test(s)) return undefined;
  let sign = 1n;
  let body = s;
  if (body[0] === '+' || body[0] === '-') {
    if (body[0] === '-') sign = -1n;
    body = body.slice(1);
  }
  let v: bigint;
  if (/^0[xX]/.test(body)) v = BigInt('0x' + body.slice(2));
  else if (/^0[bB]/.test(body)) v = BigInt('0b' + body.slice(2));
  else if (/^0[oO]/.test(body)) v = BigInt('0o' + body.slice(2));
  else if (body.length > 1 && body[0] === '0') v = BigInt('0o' + body.slice(1));
  else v = BigInt(body);
  return sign * v;
}

// Port of resolve (go-yaml v2 resolve.go, as vendored by sigs.k8s.io/yaml), reduced to "which type".
export function yaml11PlainKind(source: string): Yaml11Kind | undefined {
  if (NULLS.has(source)) return 'null';
  if (BOOLS.has(source)) return 'bool';
  if (SPECIAL_FLOATS.has(source)) return 'float';
  const c = source[0];
  if (c === '.') return YAML_STYLE_FLOAT.test(source) ? 'float' : undefined;
  if (c === '+' || c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
    // go-yaml v2 keeps timestamp-looking values as strings when decoding into interface{}
    if (TIMESTAMP.test(source)) return undefined;
    const plain = source.replace(/_/g, '');
    const iv = goIntValue(plain);
    if (iv !== undefined && iv >= INT64_MIN && iv <= INT64_MAX) return 'int';
    if (iv !== undefined && GO_UINT.test(plain) && iv >= 0n && iv <= UINT64_MAX && plain[0] !== '-') return 'int';
    if (YAML_STYLE_FLOAT.test(plain) && Number.isFinite(Number(plain))) return 'float';
    if (/^-?0b[01]+$/.test(plain)) return 'int';
    return undefined;
  }
  return undefined;
}

// Fields whose map keys and values are strings.
const STRING_MAPS = new Set(['labels', 'annotations', 'nodeSelector', 'matchLabels']);

function isStringPosition(path: FieldPath): boolean {
  return (
    /(^|\.)(labels|annotations|nodeSelector|matchLabels)\[[^\]]*\]$/.test(path) ||
    /(^|\.)tolerations\[\d+\]\.(value|key)$/.test(path) ||
    /(^|\.)env\[\d+\]\.value$/.test(path) ||
    /(^|\.)(matchExpressions|matchFields)\[\d+\]\.values\[\d+\]$/.test(path) ||
    /(^|\.)(containers|initContainers|ephemeralContainers)\[\d+\]\.(args|command)\[\d+\]$/.test(path)
  );
}

function lastField(path: FieldPath): string {
  const m = /(?:^|\.)([^.[\]]+)$/.exec(path);
  return m ? m[1]! : '';
}

/** Every unquoted scalar in a string-typed position that YAML 1.1 reads as bool, number or null. */
export function findYaml11Traps(doc: ParsedDocument): Yaml11Trap[] {
  const out: Yaml11Trap[] = [];
  if (!doc.ast) return out;
  const base = doc.base;
  const text = doc.text;

  const check = (node: YamlNode | null | undefined, path: FieldPath, isKey: boolean): void => {
    if (!isScalar(node) || node.type !== Scalar.PLAIN || !node.range) return;
    // a tag (`!!str yes`) makes the type explicit
    if ((node as { tag?: string }).tag) return;
    const source = text.slice(node.range[0], node.range[1]);
    const kind = yaml11PlainKind(source);
    if (!kind) return;
    // an empty `key:` is null in every YAML version; the schema decode reports it, not a trap
    if (kind === 'null' && source === '') return;
    out.push({ path, source, readsAs: kind, isKey, range: [base + node.range[0], base + node.range[1]] });
  };

  const walk = (node: YamlNode | null | undefined, path: FieldPath, depth: number): void => {
    if (!node || depth > 200) return;
    if (isMap(node)) {
      const stringMap = STRING_MAPS.has(lastField(path)) && !/\]$/.test(path);
      for (const it of node.items as Pair<YamlNode, YamlNode>[]) {
        if (!isPair(it)) continue;
        const k = it.key;
        const name = isScalar(k) ? (k.value == null ? '' : String(k.value)) : '';
        const p = stringMap ? key(path, name) : child(path, name);
        if (stringMap) check(k, p, true);
        if (isStringPosition(p)) check(it.value, p, false);
        walk(it.value, p, depth + 1);
      }
    } else if (isSeq(node)) {
      const items = node.items as YamlNode[];
      for (let i = 0; i < items.length; i++) {
        const p = index(path, i);
        if (isStringPosition(p)) check(items[i], p, false);
        walk(items[i], p, depth + 1);
      }
    }
  };
  walk(doc.ast.contents as YamlNode | null, '', 0);
  return out;
}
