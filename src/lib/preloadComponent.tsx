import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component kept in a chunk of its own, for parts of a first screen that are not visible when
 * it first shows (a tooltip, an error notice, a bar drawn once data has come). Unlike
 * `React.lazy`, the chunk is fetched at once (when the importing module runs, alongside the
 * screen's requests) and, once here, the component renders straight away: `React.lazy` shows its
 * Suspense fallback for at least ~300 ms on first mount, even when the chunk is already loaded.
 * Until the chunk is here, and if it cannot be loaded, `Fallback` renders with the same props.
 */
export function preloadComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Fallback: ComponentType<P>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  const loading = load().then(
    (component) => {
      Loaded = component;
    },
    () => {
      /* keep the fallback */
    },
  );

  function Preloaded(props: P) {
    const [, setSettled] = useState(false);
    useEffect(() => {
      if (!Loaded) void loading.then(() => setSettled(true));
    }, []);
    return Loaded ? <Loaded {...props} /> : <Fallback {...props} />;
  }
  return Preloaded;
}
