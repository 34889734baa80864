import { CHUNK_LOAD_TIMEOUT_MS } from '@lyceum/contract';
import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { plannedComponents } from './planned-components';
import type { RouteMeta } from './routes';
import { ChunkErrorView } from './status-views';
import { type ViewLoader, type ViewModule, viewLoader } from './view-registry';

const UpcomingView = lazy(() => import('./status-pages').then((m) => ({ default: m.UpcomingView })));
const MissingModuleView = lazy(() => import('./status-pages').then((m) => ({ default: m.MissingModuleView })));

class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

function loadWithTimeout(load: () => Promise<ViewModule>): Promise<ViewModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}

type LoadState = 'loading' | 'ready' | 'failed';

// Views already loaded: a view mounted again (a refreshed tab, a tab visited again after it left the
// kept views) renders at once instead of showing the spinner for a frame.
const loadedViews = new WeakMap<ViewLoader, ComponentType>();

// Loads the view the registry holds for the menu's component, with the spec's 120 s chunk timeout and a retry.
export function ViewHost({ route }: { route: RouteMeta }) {
  const load = viewLoader(route.component);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>('loading');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt must re-run the load
  useEffect(() => {
    if (!load || loadedViews.has(load)) return;
    let alive = true;
    setState('loading');
    loadWithTimeout(load).then(
      (mod) => {
        loadedViews.set(load, mod.default);
        if (alive) setState('ready');
      },
      () => alive && setState('failed'),
    );
    return () => {
      alive = false;
    };
  }, [load, attempt]);

  if (!load) {
    return (
      <Suspense fallback={null}>
        {plannedComponents.has(route.component) ? (
          <UpcomingView route={route} />
        ) : (
          <MissingModuleView component={route.component} />
        )}
      </Suspense>
    );
  }
  const View = loadedViews.get(load);
  if (View) return <View />;
  if (state === 'failed') return <ChunkErrorView onRetry={() => setAttempt((n) => n + 1)} />;
  return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
}
