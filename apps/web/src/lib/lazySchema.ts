/**
 * A schema of the contract that is built the first time something reads it, not while its module is
 * evaluated. The web build (vite.config.ts) wraps the contract's module-level schemas in this, so that
 * starting the app does not build the schemas of every form it may later show (decision 48).
 *
 * The answer stands in for the schema: every read, check, key listing and prototype question is
 * answered by the schema itself, built once. Only a schema may be wrapped: a value with internal slots
 * (a Map, a Set) would not work through it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The stand-in holds none of the schema's properties itself; a proxy may not call one of those fixed.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, { ...descriptor, configurable: true }),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
