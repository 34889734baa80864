import { CHUNK_LOAD_TIMEOUT_MS } from '@lyceum/contract';
import { Spin } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { plannedComponents, type RouteMeta } from './routes';
import { ChunkErrorView, MissingModuleView, UpcomingView } from './status-views';
import { type ViewModule, viewLoader } from './view-registry';

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

type LoadState = { kind: 'loading' } | { kind: 'ready'; View: ComponentType } | { kind: 'failed' };

// Loads the view the registry holds for the menu's component, with the spec's 120 s chunk timeout and a retry.
export function ViewHost({ route }: { route: RouteMeta }) {
  const load = viewLoader(route.component);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt must re-run the load
  useEffect(() => {
    if (!load) return;
    let alive = true;
    setState({ kind: 'loading' });
    loadWithTimeout(load).then(
      (mod) => alive && setState({ kind: 'ready', View: mod.default }),
      () => alive && setState({ kind: 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [load, attempt]);

  if (!load) {
    return plannedComponents.has(route.component) ? (
      <UpcomingView route={route} />
    ) : (
      <MissingModuleView component={route.component} />
    );
  }
  if (state.kind === 'failed') return <ChunkErrorView onRetry={() => setAttempt((n) => n + 1)} />;
  if (state.kind === 'loading') return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
  return <state.View />;
}
