// Values made on first use. Heavy parts of the extension (the documents feature, the history view, the schema
// comparison…) are created only when something needs them; `peek` lets listeners reach one without creating it.

export interface Lazy<T> {
  (): T;
  /** the value if it was made, else undefined */
  peek(): T | undefined;
}

export function lazy<T>(make: () => T): Lazy<T> {
  let made: { value: T } | undefined;
  const get = (() => (made ??= { value: make() }).value) as Lazy<T>;
  get.peek = () => made?.value;
  return get;
}
