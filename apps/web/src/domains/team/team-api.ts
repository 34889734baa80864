import {
  DepartmentType,
  type Exam,
  type Lang,
  type Page,
  type Team,
  type UserBrief,
  type zTeamMemberRow,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ImportApi } from '../../crud/import-dialog';
import { type AnyRow, resourceApi, XLSX_TYPE } from '../../crud/resource-api';
import { useSemesters } from '../../ui/lookups';

export { useSemesters };

import { useTabLocation } from '../../shell/layout/tabs-store';
import { ApiError, type Cancel, call } from '../../shell/request';
import { downloadFrom, uploadTo } from '../../shell/transfer';

export type TeamMemberRow = z.infer<typeof zTeamMemberRow>;
export type TeamFilter = {
  keyword?: string;
  gradeYear?: number;
  majorId?: number;
  semesterId?: number;
  classTeacherId?: number;
};
// What the editor sends: the whole members array every time (an omitted list means none).
export interface TeamSave {
  name: string;
  gradeYear: number;
  majorId: number | null;
  semesterId: number | null;
  classTeacherId: number | null;
  remark: string | null;
  members: { id?: number | null; userId: number; joinDate: string | null }[];
}

export const teamApi = resourceApi<Team, TeamSave & { id: null }, TeamSave & { id: number }, TeamFilter>('team');

export const TEAM_DETAIL_PATH = '/team/detail';

export function teamMembers(
  id: number,
  req: { keyword?: string; pageIndex: number; pageSize: number },
  c: Cancel = {},
) {
  return call(api.team.members, { params: { id }, body: req }, { signal: c.signal, retry: 2 });
}

export function myTeams({ signal }: Cancel = {}) {
  return call(api.team.mine, {}, { signal, retry: 2 });
}

// Every member of a class, a page at a time (the Excel export of the detail page).
export async function allTeamMembers(id: number): Promise<TeamMemberRow[]> {
  const out: TeamMemberRow[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await teamMembers(id, { pageIndex, pageSize: 200 });
    out.push(...page.list);
    if (out.length >= page.total || !page.list.length) return out;
  }
}

export function memberImportApi(teamId: number): ImportApi {
  return {
    template: (lang: Lang) => downloadFrom(api.team.memberTemplate, { query: { lang } }),
    importFile: (file, dryRun, lang, onProgress) =>
      uploadTo(
        api.team.importMembers,
        { params: { id: teamId }, query: { dryRun: dryRun ? 'true' : 'false', lang } },
        file,
        { contentType: XLSX_TYPE, onProgress },
      ),
  };
}

// Teachers who may lead a class, by user name or real name (the class teacher picker).
export function findClassTeachers(userName: string, { signal }: Cancel = {}): Promise<UserBrief[]> {
  return call(api.user.classTeachers, { body: { userName, limit: 20 } }, { signal });
}

// Enabled students by keyword (the member picker).
export function findStudents(keyword: string, { signal }: Cancel = {}): Promise<UserBrief[]> {
  return call(api.user.studentList, { body: { keyword: keyword || undefined, limit: 50 } }, { signal });
}

export function usersByIds(ids: number[], { signal }: Cancel = {}): Promise<UserBrief[]> {
  return ids.length ? call(api.user.byIds, { body: { ids } }, { signal, retry: 2 }) : Promise.resolve([]);
}

// A class's exams. The exams area may not be installed yet: its absence is an answer (null), not an error.
export async function teamExams(
  teamId: number,
  req: { pageIndex: number; pageSize: number },
): Promise<Page<Exam> | null> {
  try {
    return await call(api.exam.page, { body: { ...req, teamId } }, { silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.detail?.key === 'noSuchApi') return null;
    throw err;
  }
}

// The class the detail tab was opened with (?id=).
export function useTeamOfTab() {
  const tab = useTabLocation();
  const id = Number(tab?.query.id ?? new URLSearchParams(window.location.search).get('id')) || null;
  const team = useQuery({
    queryKey: ['team', 'select', id],
    // Enabled only with an id.
    queryFn: () => call(api.team.select, { params: { id: Number(id) } }, { silent: true }),
    enabled: id !== null,
    retry: false,
  });
  return { id, team };
}

// The organisation's majors (departments of type Major), for the pickers: any staff member lists
// departments (reference data), though only their managers page them.
export function useMajors() {
  return useQuery({
    queryKey: ['department', 'options'],
    queryFn: () => resourceApi<AnyRow, never, never, never>('department').list({}, true),
    staleTime: 60_000,
    select: (rows) =>
      rows.filter((r) => r.type === DepartmentType.Major).map((r) => ({ value: r.id, label: String(r.name) })),
  });
}

// Semesters from the shared lists every logged-in user may read.

// Brief user records asked for by id within one tick are fetched in one call (the class teachers of a page).
let waiting: Map<number, ((user: UserBrief | null) => void)[]> | null = null;
function flushBriefs(): void {
  const batch = waiting;
  waiting = null;
  if (!batch) return;
  const settle = (users: UserBrief[]) => {
    const byId = new Map(users.map((u) => [u.id, u]));
    for (const [id, done] of batch) for (const d of done) d(byId.get(id) ?? null);
  };
  usersByIds([...batch.keys()]).then(settle, () => settle([]));
}
export function userBrief(id: number): Promise<UserBrief | null> {
  return new Promise((resolve) => {
    if (!waiting) {
      waiting = new Map();
      setTimeout(flushBriefs, 0);
    }
    waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
  });
}
export function useUserBrief(id: number | null) {
  return useQuery({
    queryKey: ['user', 'brief', id],
    queryFn: () => userBrief(id as number),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
