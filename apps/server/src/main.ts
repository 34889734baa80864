import cluster from 'node:cluster';
import { runPrimary } from './cluster';
import { type Config, loadConfig } from './config';
import { runServer } from './server';

// `npm start`: one server process, or with WORKERS > 1 a cluster of them (cluster.ts).
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(`\nLyceum cannot start: ${(err as Error).message}\n`);
  process.exit(1);
}
if (cluster.isWorker) await runServer(config, 'worker');
else if (config.workers > 1) await runPrimary(config);
else await runServer(config, 'single');
