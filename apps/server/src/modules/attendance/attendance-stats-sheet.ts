import { type Lang, type StudentStats, zStatsExportRequest } from '@lyceum/contract';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { type Exportable, registerExportable } from '../../platform/exportables';
import { startExport } from '../export/export.service';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { studentStats } from './attendance-stats.service';

// The per-student rates of a range as a sheet of the export list: the job reads with the
// permissions the user holds when it runs, so it reaches what the statistics screen would show.

const TITLE = { en: 'Attendance rates', zh: '出勤率统计' };
const percent = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

const columns: SheetColumn<StudentStats>[] = [
  { header: ['Class', '班级'], width: 18, cell: (r) => r.teamName },
  { header: ['Student', '学生'], width: 16, cell: (r) => r.realName },
  { header: ['User name', '用户名'], width: 16, cell: (r) => r.userName },
  { header: ['Lessons marked', '已记考勤课次'], width: 14, cell: (r) => r.marks },
  { header: ['Present', '出勤'], width: 10, cell: (r) => r.present },
  { header: ['Late', '迟到'], width: 10, cell: (r) => r.late },
  { header: ['Left early', '早退'], width: 10, cell: (r) => r.leftEarly },
  { header: ['Excused', '请假'], width: 10, cell: (r) => r.excused },
  { header: ['Absent', '缺勤'], width: 10, cell: (r) => r.absent },
  { header: ['Rate (%)', '出勤率（%）'], width: 12, cell: (r) => percent(r.rate) },
  { header: ['Absences in a row now', '当前连续缺勤'], width: 16, cell: (r) => r.streak },
  { header: ['Longest run of absences', '最长连续缺勤'], width: 16, cell: (r) => r.longestStreak },
];

const exportable: Exportable = {
  name: 'attendanceStats',
  title: TITLE,
  access: ['attendance:export'],
  write: async (ctx, filter, lang, out, onBatch) => {
    const list = await studentStats(ctx, zStatsExportRequest.parse(filter));
    const sheet = await listSheet(TITLE, columns, list, lang);
    await onBatch(list.length, list.length);
    await new Promise<void>((resolve, reject) =>
      out.end(sheet, (err?: Error | null) => (err ? reject(err) : resolve())),
    );
    return list.length;
  },
};
registerExportable(exportable);

export function startStatsExport(
  ctx: RequestContext,
  req: z.output<typeof zStatsExportRequest>,
  lang: Lang,
): Promise<number> {
  return startExport(ctx, exportable, req, lang);
}
