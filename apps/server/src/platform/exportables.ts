import type { Writable } from 'node:stream';
import type { Lang, Title } from '@lyceum/contract';
import type { RequestContext } from './context';
import type { GuardedAccess } from './route';

// What an asynchronous export job needs of a list it exports: who may export it (checked again
// when the job runs, with the permissions the user has then) and how to write its rows.
export interface Exportable {
  name: string;
  title: Title;
  access: GuardedAccess;
  write(
    ctx: RequestContext,
    filter: Record<string, unknown>,
    lang: Lang,
    out: Writable,
    onBatch: (written: number, total: number) => Promise<void>,
  ): Promise<number>;
}

const exportables = new Map<string, Exportable>();

// Declared resources with a meta register themselves here (resource-routes.ts); hand-built lists may too.
export function registerExportable(e: Exportable): void {
  exportables.set(e.name, e);
}

export function exportableOf(name: string): Exportable | undefined {
  return exportables.get(name);
}
