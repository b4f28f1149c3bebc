import { use } from 'react';
import type { ComponentType, ReactNode } from 'react';

/** A component whose code loads on its first use, or earlier with `preload`. */
export interface Preloadable<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code (once); settles when it is there. */
  preload(): Promise<unknown>;
}

/**
 * Like React.lazy, but renders at once when its code is already there. React.lazy suspends at
 * least once even then, and React holds a boundary's content back for up to 300 ms after its
 * fallback was shown (its reveal throttle), which a phone pays before its first results row.
 * Not yet loaded, it suspends like React.lazy (inside a transition the old page stays).
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
    }));
  function Preloaded(props: P) {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded {...props} /> : null;
  }
  return Object.assign(Preloaded, { preload });
}
