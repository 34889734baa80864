import type { SampleIds } from './resources';

// The access matrix's request templates (access-matrix.test.ts), shared with the areas' own files.
export interface DemoIds {
  orgId: number;
  userId: number;
  adminId: number;
  roleId: number;
  deptId: number;
  categoryId: number;
  // One existing row of each base-data resource, and the ids their samples refer to.
  rows: Record<string, number>;
  refs: SampleIds;
  fileId: number;
  questionId: number;
  // A student of demo (the accommodations' routes name students).
  studentId: number;
  // demo's administrator's finished export.
  exportId: number;
}
export interface Req {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string>;
  // Acts only on the caller's own organisation (creating a row with no references), so it may succeed.
  own?: boolean;
}
export type Template = (d: DemoIds) => Req;
