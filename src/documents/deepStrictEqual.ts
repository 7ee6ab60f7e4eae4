// Node's util.isDeepStrictEqual for the values documents compare (parsed JSON, Structured Text trees, exact numbers):
// primitives by Object.is, arrays and objects of the same prototype by their own enumerable keys. Pure, so the room
// needs nothing of the host (src/platform/host/) to compare two values.
export function deepStrictEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && deepStrictEqual(a[key as keyof typeof a], b[key as keyof typeof b]));
}
