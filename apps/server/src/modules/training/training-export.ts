import {
  type Lang,
  type RegistrationStatus,
  registrationStatusLabels,
  type TrainingRegistration,
  type zRegistrationExportRequest,
} from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant-sql';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { trainingRegistrations, trainingSessions } from './training.table';
import { registrationRows } from './training-reads';

// Registrations (of a session, a programme, or all) as a sheet in the reader's language.

const TITLE = { en: 'Training registrations', zh: '培训报名' };
type Row = TrainingRegistration & { sessionTitle: string; startAt: Date | null };

const COLUMNS: SheetColumn<Row>[] = [
  { header: ['Session', '培训场次'], width: 28, cell: (r) => r.sessionTitle },
  { header: ['Starts', '开始时间'], date: true, cell: (r) => r.startAt ?? '' },
  { header: ['Name', '姓名'], width: 16, cell: (r) => r.realName },
  { header: ['User name', '用户名'], width: 16, cell: (r) => r.userName },
  {
    header: ['Status', '状态'],
    width: 14,
    cell: (r, zh) => registrationStatusLabels[r.status as RegistrationStatus][zh ? 'zh' : 'en'],
  },
  { header: ['Waitlist place', '候补顺位'], width: 10, cell: (r) => r.position ?? '' },
  { header: ['Hours credited', '认定学时'], width: 10, cell: (r) => r.hoursCredited ?? '' },
  { header: ['Registered', '报名时间'], date: true, cell: (r) => new Date(r.createTime) },
];

export async function registrationSheet(
  ctx: RequestContext,
  filter: z.output<typeof zRegistrationExportRequest>,
  lang: Lang,
  limit: number,
) {
  const sessions = await ctx.db
    .select({ id: trainingSessions.id, title: trainingSessions.title, startAt: trainingSessions.startAt })
    .from(trainingSessions)
    .where(
      inOrg(trainingSessions, ctx.orgId, [
        filter.sessionId ? eq(trainingSessions.id, filter.sessionId) : undefined,
        filter.programmeId ? eq(trainingSessions.programmeId, filter.programmeId) : undefined,
      ]),
    );
  const byId = new Map(sessions.map((s) => [Number(s.id), s]));
  const rows = byId.size
    ? await registrationRows(
        ctx.db,
        ctx.orgId,
        and(
          inArray(trainingRegistrations.sessionId, [...byId.keys()]),
          filter.status ? eq(trainingRegistrations.status, filter.status) : undefined,
        ),
        limit,
      )
    : [];
  const full = rows.map((r) => ({
    ...r,
    sessionTitle: byId.get(r.sessionId)?.title ?? '',
    startAt: byId.get(r.sessionId)?.startAt ?? null,
  }));
  return { filename: `${TITLE[lang]}.xlsx`, sheet: await listSheet(TITLE, COLUMNS, full, lang) };
}
