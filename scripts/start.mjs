// `npm start`: install what is missing, build the web app if needed, then run the server
// (migrations and demo data happen at server start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
const { buildWeb } = await import('./build-web.mjs');
buildWeb();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
