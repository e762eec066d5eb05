import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Module<T> = { default: T };

/**
 * React's lazy() with a preload(): once the module is in, the component renders at once instead of
 * suspending for a tick (a thenable that answers synchronously), so a screen whose code was loaded
 * ahead shows no fallback on its first render.
 */
export function lazyWithPreload<T extends ComponentType>(
  load: () => Promise<Module<T>>,
): LazyExoticComponent<T> & { preload: () => Promise<Module<T>> } {
  let loaded: Module<T> | undefined;
  let pending: Promise<Module<T>> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return pending;
  };
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves synchronously is the point
    const ready = { then: (resolve: (value: Module<T>) => void) => resolve(module) };
    return ready as unknown as Promise<Module<T>>;
  });
  return Object.assign(Component, { preload });
}
