import type { Lang } from '@lyceum/contract';
import type { RequestContext } from './context';
import type { Db, Tx } from './db';
import type { Exportable } from './exportables';
import { port } from './port';

// What the platform asks of the modules, each filled once by app.ts (at import, since the start-up
// before the app is built, migrations and seeding, uses one of them).

// A row's file field naming an uploaded file (/api/file/N in a URL or in rich text).
export interface FileRef {
  entityId: number;
  field: string;
  fileId: number;
}

// The file module keeps file_links for the resource engine (modules/file/file-links.ts).
export interface FileLinkStore {
  // Makes `refs` the file links of these records (of `entity`), on the write's transaction. A file
  // a record did not name before must be one the caller can open now; else it is refused naming its field.
  link(tx: Tx, ctx: RequestContext, entity: string, ids: number[], refs: FileRef[]): Promise<void>;
  unlink(tx: Tx, ctx: RequestContext, entity: string, ids: number[]): Promise<void>;
}
export const fileLinkStore = port<FileLinkStore>('file links');

// The export module records an export and its job, and answers the export's id (export.service.ts).
export type StartExport = (
  ctx: RequestContext,
  exportable: Exportable,
  filter: Record<string, unknown>,
  lang: Lang,
) => Promise<number>;
export const exportStarter = port<StartExport>('export');

// The first start (bootstrap.ts): the permission menu, and the demo data on an empty database.
export interface Provisioning {
  // Brings the permission catalogue in line with the code, after the migrations.
  syncPermissions(db: Db): Promise<void>;
  // The demo organisations, their roles, people and files (uploaded under filesDir).
  seedDemo(db: Db, password: string, filesDir: string): Promise<void>;
}
export const provisioning = port<Provisioning>('provisioning');
