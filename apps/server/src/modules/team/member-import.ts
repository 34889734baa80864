import type { Readable } from 'node:stream';
import { type FormMeta, type ImportReport, type Lang, RoleKind, zMemberImportRow } from '@lyceum/contract';
import { count, eq, inArray, max, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { readWorkbook } from '../../platform/excel';
import { ImportErrors } from '../../platform/import-errors';
import { columnOf, MAX_IMPORT_ROWS } from '../../platform/resource-io';
import { inOrg } from '../../platform/tenant-sql';
import { giveWay } from '../../platform/xlsx-reader';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { inOtherClasses } from './reach';
import { seesAllTeams, teamResource } from './team.resource';
import { teamMembers, teams } from './team.table';

// The members of one class in Excel, by user name: "User name" (required) and "Join date" (optional,
// YYYY-MM-DD, default today). Headers in either language.
export const memberSheetMeta: FormMeta = {
  name: 'teamMember',
  title: { en: 'Class members', zh: '班级成员' },
  fields: [
    { key: 'userName', label: { en: 'User name', zh: '用户名' }, kind: 'text', required: true, width: 160 },
    { key: 'joinDate', label: { en: 'Join date', zh: '入班日期' }, kind: 'date', width: 120 },
  ],
};

// Today on the server's clock, as the date a member joins when the sheet gives none.
const today = () => clock.date().toISOString().slice(0, 10);

function newSheet(lang: Lang, title: string) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lyceum';
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.columns = memberSheetMeta.fields.map((f) => ({
    header: f.label[lang],
    key: f.key,
    width: (f.width ?? 120) / 7,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return { wb, ws };
}

// The template: the two headers with a note each, and one example row.
export async function memberTemplate(lang: Lang): Promise<Buffer> {
  const { wb, ws } = newSheet(lang, memberSheetMeta.title[lang]);
  const zh = lang === 'zh';
  ws.getRow(1).getCell(1).note = zh ? '必填：学生的用户名（登录账号）' : "Required: the student's user name (login)";
  ws.getRow(1).getCell(2).note = zh
    ? '选填：YYYY-MM-DD，默认为导入当天'
    : 'Optional: YYYY-MM-DD, default the day of the import';
  ws.addRow({ userName: 's2026001', joinDate: today() });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface CheckedRow {
  row: number;
  userName: string;
  joinDate: string | null;
}

// Checks every row (nothing written): the cells, an unknown user name, a user who is not a student,
// a user name repeated in the file (reported on each of its rows). Then, when no row has a problem
// and this is not a dry run, adds the members in one transaction with the class locked: members
// already in the class are left as they are (and counted valid), the member count is written again.
// The caller checks first that the class is in their write scope (a teacher: a class they lead);
// the write checks it again with the class locked.
export async function importMembers(
  ctx: RequestContext,
  teamId: number,
  file: Buffer | Readable,
  dryRun: boolean,
  lang: Lang,
): Promise<ImportReport> {
  const errors = new ImportErrors(lang, columnOf(memberSheetMeta, lang));
  const { rows, errors: cellErrors } = await readWorkbook(file, memberSheetMeta, new Map(), MAX_IMPORT_ROWS);
  const bad = new Map<number, Set<string>>();
  for (const e of cellErrors) {
    errors.add(e.row, e.field, e.detail);
    bad.set(e.row, (bad.get(e.row) ?? new Set()).add(e.field));
  }
  // Every row with a readable user name is checked against the users, whatever else is wrong with it.
  const checked: CheckedRow[] = [];
  for (const [i, { row, input }] of rows.entries()) {
    await giveWay(i);
    const refused = bad.get(row) ?? new Set<string>();
    const parsed = zMemberImportRow.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        // A cell already refused is missing from the input: its "required" says nothing new.
        if (!refused.has(key)) errors.addIssue(row, issue);
        refused.add(key);
      }
    }
    const userName = zMemberImportRow.shape.userName.safeParse(input.userName);
    if (!refused.has('userName') && userName.success) {
      checked.push({ row, userName: userName.data, joinDate: parsed.success ? (parsed.data.joinDate ?? null) : null });
    }
  }

  // The named users, by lower-case user name, with whether each is a student.
  const names = [...new Set(checked.map((c) => c.userName.toLowerCase()))];
  const found = new Map<string, { id: number; student: boolean }>();
  for (let i = 0; i < names.length; i += 1000) {
    const batch = names.slice(i, i + 1000);
    const hits = await ctx.db
      .select({
        id: users.id,
        name: sql<string>`lower(${users.userName})`,
        student: sql<boolean>`${withRoleKind(RoleKind.Student)}`,
      })
      .from(users)
      .where(inOrg(users, ctx.orgId, [inArray(sql`lower(${users.userName})`, batch)]));
    for (const h of hits) found.set(h.name, { id: h.id, student: Boolean(h.student) });
  }

  const rowsOf = new Map<string, CheckedRow[]>();
  for (const c of checked) {
    const key = c.userName.toLowerCase();
    rowsOf.set(key, [...(rowsOf.get(key) ?? []), c]);
  }
  const candidates: { row: number; userId: number; joinDate: string }[] = [];
  const label = memberSheetMeta.fields[0].label[lang];
  for (const c of checked) {
    const user = found.get(c.userName.toLowerCase());
    if (!user) errors.add(c.row, 'userName', { key: 'unknownUserName', params: { name: c.userName } });
    else if (!user.student) errors.add(c.row, 'userName', { key: 'notAStudent', params: { name: c.userName } });
    else candidates.push({ row: c.row, userId: user.id, joinDate: c.joinDate ?? today() });
    const same = rowsOf.get(c.userName.toLowerCase()) ?? [];
    if (same.length > 1) {
      const others = same
        .filter((s) => s.row !== c.row)
        .map((s) => s.row)
        .join(', ');
      errors.add(c.row, 'userName', { key: 'repeatsInFile', params: { label, value: c.userName, rows: others } });
    }
  }
  // A class teacher adds only students who are in no class yet (reach.ts); members already here stay.
  if (!seesAllTeams(ctx)) {
    const taken = await inOtherClasses(
      ctx.db,
      ctx,
      teamId,
      candidates.map((c) => c.userId),
    );
    for (const c of candidates) {
      const team = taken.get(c.userId);
      if (team !== undefined) {
        const name = checked.find((k) => k.row === c.row)?.userName ?? '';
        errors.add(c.row, 'userName', { key: 'inAnotherClass', params: { name, team } });
      }
    }
  }
  // A row is valid when nothing at all was found wrong with it.
  const failed = errors.rows();
  const valid = candidates.filter((c) => !failed.has(c.row));

  const report: ImportReport = { dryRun, total: rows.length, valid: valid.length, created: 0, errors: errors.sorted() };
  if (dryRun || report.errors.length || !valid.length) return report;
  report.created = await addMembers(ctx, teamId, valid);
  return report;
}

// Adds students to a class in one transaction (the class locked in the caller's write scope); those
// already members are left as they are. Answers how many were added.
async function addMembers(ctx: RequestContext, teamId: number, members: { userId: number; joinDate: string }[]) {
  return ctx.db.transaction(async (tx) => {
    await teamResource.loadForWrite(tx, ctx, teamId, true);
    const inTeam = inOrg(teamMembers, ctx.orgId, [eq(teamMembers.teamId, teamId)]);
    const [last] = await tx
      .select({ sort: max(teamMembers.sort) })
      .from(teamMembers)
      .where(inTeam);
    const start = (last?.sort ?? -1) + 1;
    let added = 0;
    for (let i = 0; i < members.length; i += 500) {
      const inserted = await tx
        .insert(teamMembers)
        .values(
          members.slice(i, i + 500).map((m, j) => ({
            organizationId: ctx.orgId,
            teamId,
            userId: m.userId,
            joinDate: m.joinDate,
            sort: start + i + j,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: teamMembers.id });
      added += inserted.length;
    }
    const [n] = await tx.select({ n: count() }).from(teamMembers).where(inTeam);
    await tx
      .update(teams)
      .set({ memberCount: n?.n ?? 0, updateTime: new Date() })
      .where(inOrg(teams, ctx.orgId, [eq(teams.id, teamId)]));
    return added;
  });
}
