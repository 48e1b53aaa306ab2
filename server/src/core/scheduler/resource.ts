// Resource lists as the scheduler reads them: quantities parsed once per distinct text, summed and compared
// exactly (v1.ResourceList arithmetic), then turned into framework.Resource integers.
import { isQualifiedName } from '../validation/names';
import { parseQuantity, Quantity, quantityText } from './quantity';
import type { Resource, ResourceList } from './types';

/** The items of a list field, or none when the field holds something else (inputs are user files). */
export function listOf<T>(x: readonly T[] | undefined | null): readonly T[] {
  return Array.isArray(x) ? x : [];
}

/** The entries of a list that are objects (a list of containers or ports may hold anything in a bad file). */
export function objectsOf<T extends object>(x: readonly T[] | undefined | null): T[] {
  return listOf(x).filter((v): v is T => typeof v === 'object' && v !== null);
}

/** A parsed ResourceList. Map order is insertion order, which keeps reason lists stable. */
export type QuantityList = Map<string, Quantity>;

/** A quantity that does not parse, with where it was read. */
export interface QuantityError {
  resource: string;
  value: string;
  message: string;
}

const parsed = new Map<string, Quantity | string>();

/** Parse with a shared cache: a cluster repeats the same few hundred quantity texts over and over. */
export function cachedQuantity(v: string | number): Quantity | string {
  const text = quantityText(v);
  let q = parsed.get(text);
  if (q === undefined) {
    const r = parseQuantity(text);
    q = r.quantity ?? r.error;
    if (parsed.size > 100_000) parsed.clear();
    parsed.set(text, q);
  }
  return q;
}

/** Parse a ResourceList; entries that do not parse are left out and reported through `errors`. */
export function toQuantityList(rl: ResourceList | undefined | null, errors?: QuantityError[]): QuantityList {
  const out: QuantityList = new Map();
  if (!rl || typeof rl !== 'object') return out;
  for (const name of Object.keys(rl)) {
    const v = rl[name];
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const q = cachedQuantity(v);
    if (typeof q === 'string') errors?.push({ resource: name, value: String(v), message: q });
    else out.set(name, q);
  }
  return out;
}

// Port of Quantity.Add (apimachinery/pkg/api/resource/quantity.go): exact sum; a zero left side takes the right format.
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  const exp = Math.min(a.exp, b.exp);
  const x = a.unscaled * 10n ** BigInt(a.exp - exp);
  const y = b.unscaled * 10n ** BigInt(b.exp - exp);
  return new Quantity(x + y, exp, a.isZero() ? b.format : a.format);
}

// Port of addResourceList (component-helpers/resource/helpers.go).
export function addResourceList(list: QuantityList, add: QuantityList): void {
  for (const [name, q] of add) {
    const cur = list.get(name);
    list.set(name, cur === undefined ? q : addQuantity(cur, q));
  }
}

// Port of maxResourceList (component-helpers/resource/helpers.go).
export function maxResourceList(list: QuantityList, other: QuantityList): void {
  for (const [name, q] of other) {
    const cur = list.get(name);
    if (cur === undefined || q.cmp(cur) > 0) list.set(name, q);
  }
}

// ---------- resource names (pkg/apis/core/v1/helper/helpers.go; stable for many releases, read from memory of
// that file and not re-read at v1.35) ----------

const HUGEPAGES_PREFIX = 'hugepages-';
const ATTACHABLE_VOLUMES_PREFIX = 'attachable-volumes-';
const DEFAULT_NAMESPACE_PREFIX = 'kubernetes.io/';
const REQUESTS_PREFIX = 'requests.';

// Port of IsPrefixedNativeResource (pkg/apis/core/v1/helper/helpers.go).
export function isPrefixedNativeResource(name: string): boolean {
  return name.includes(DEFAULT_NAMESPACE_PREFIX);
}

// Port of IsNativeResource (pkg/apis/core/v1/helper/helpers.go).
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || isPrefixedNativeResource(name);
}

// Port of IsExtendedResourceName (pkg/apis/core/v1/helper/helpers.go).
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith(REQUESTS_PREFIX)) return false;
  return isQualifiedName(REQUESTS_PREFIX + name).length === 0;
}

// Port of IsHugePageResourceName (pkg/apis/core/v1/helper/helpers.go).
export function isHugePageResourceName(name: string): boolean {
  return name.startsWith(HUGEPAGES_PREFIX);
}

// Port of IsScalarResourceName (pkg/scheduler/util/utils.go).
export function isScalarResourceName(name: string): boolean {
  return (
    isExtendedResourceName(name) ||
    isHugePageResourceName(name) ||
    isPrefixedNativeResource(name) ||
    name.startsWith(ATTACHABLE_VOLUMES_PREFIX)
  );
}

const scalarNames = new Map<string, boolean>();
function isScalarCached(name: string): boolean {
  let v = scalarNames.get(name);
  if (v === undefined) {
    v = isScalarResourceName(name);
    scalarNames.set(name, v);
  }
  return v;
}

// ---------- framework.Resource ----------

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalarResources: new Map() };
}

// Port of Resource.Add (pkg/scheduler/framework/types.go).
export function addToResource(r: Resource, rl: QuantityList): void {
  for (const [name, q] of rl) {
    switch (name) {
      case 'cpu':
        r.milliCPU += q.milliValue();
        break;
      case 'memory':
        r.memory += q.value();
        break;
      case 'pods':
        r.allowedPodNumber += q.value();
        break;
      case 'ephemeral-storage':
        r.ephemeralStorage += q.value();
        break;
      default:
        if (isScalarCached(name)) r.scalarResources.set(name, (r.scalarResources.get(name) ?? 0) + q.value());
    }
  }
}

// Port of NewResource (pkg/scheduler/framework/types.go).
export function newResource(rl: QuantityList): Resource {
  const r = emptyResource();
  addToResource(r, rl);
  return r;
}

// Port of Resource.SetMaxResource (pkg/scheduler/framework/types.go).
export function setMaxResource(r: Resource, rl: QuantityList): void {
  for (const [name, q] of rl) {
    switch (name) {
      case 'memory':
        r.memory = Math.max(r.memory, q.value());
        break;
      case 'cpu':
        r.milliCPU = Math.max(r.milliCPU, q.milliValue());
        break;
      case 'ephemeral-storage':
        r.ephemeralStorage = Math.max(r.ephemeralStorage, q.value());
        break;
      default:
        if (isScalarCached(name)) r.scalarResources.set(name, Math.max(r.scalarResources.get(name) ?? 0, q.value()));
    }
  }
}

/** r += sign × d (NodeInfo.update's arithmetic on Requested). */
export function accumulate(r: Resource, d: Resource, sign: 1 | -1): void {
  r.milliCPU += sign * d.milliCPU;
  r.memory += sign * d.memory;
  r.ephemeralStorage += sign * d.ephemeralStorage;
  for (const [name, v] of d.scalarResources) r.scalarResources.set(name, (r.scalarResources.get(name) ?? 0) + sign * v);
}
