import { Readable } from 'node:stream';
import {
  type Lang,
  LiveClassStatus,
  type LiveRole,
  ParticipationSource,
  LiveRole as Role,
  type zLiveImportResult,
} from '@lyceum/contract';
import { inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { csvText, parseCsv } from './live-csv';
import { type ParticipantInput, writeReport } from './live-report';
import { liveFacts } from './live-roll';

// Attendance from a meeting service's participant list (Zoom, Tencent Meeting, Teams: each exports
// one), for a live class behind an external link: who (a user name or an e-mail, never a display
// name) and minutes, optionally first join and last leave, a row per join or per person (rows of
// one person add up). A dry run only matches; the write replaces the class's report in one
// transaction (source Import), the register and the course following as from the provider.

type ImportResult = z.infer<typeof zLiveImportResult>;

export const MAX_CSV_BYTES = 1024 * 1024;
const MAX_ROWS = 10_000;
// No one attends more than a day of one live class.
const MAX_MINUTES = 24 * 60;

type Column = 'userName' | 'email' | 'minutes' | 'firstJoin' | 'lastLeave';
const COLUMN_NAMES: Record<Column, Record<Lang, string>> = {
  userName: { en: 'User name', zh: '用户名' },
  email: { en: 'Email', zh: '邮箱' },
  minutes: { en: 'Minutes', zh: '时长（分钟）' },
  firstJoin: { en: 'First join', zh: '首次进入' },
  lastLeave: { en: 'Last leave', zh: '最后离开' },
};
// Headers as people and services write them, compared without case, spaces or punctuation.
const ALIASES: Record<Column, string[]> = {
  userName: ['user name', 'username', 'login', 'account', '用户名', '账号', '登录名', '学号'],
  email: ['email', 'e-mail', 'user email', 'mail', '邮箱', '电子邮箱', '邮件'],
  minutes: [
    'minutes',
    'duration',
    'duration (minutes)',
    'time in session (minutes)',
    '时长',
    '时长（分钟）',
    '分钟',
    '参会时长',
    '入会时长',
    '在线时长',
    '参会时长（分钟）',
  ],
  firstJoin: ['first join', 'join time', 'joined', '首次进入', '首次入会时间', '入会时间', '进入时间'],
  lastLeave: ['last leave', 'leave time', 'left', '最后离开', '最后退会时间', '退会时间', '离会时间', '离开时间'],
};
const norm = (s: string) => s.toLowerCase().replace(/[\s_\-:：()（）[\]【】]/g, '');
const byAlias = new Map(
  (Object.entries(ALIASES) as [Column, string[]][]).flatMap(([col, names]) => names.map((n) => [norm(n), col])),
);

// The body as sent (the file itself, like the spreadsheet imports), read up to the limit; past it
// the rest is read and dropped, so the refusal is sent at once.
async function fileOf(body: unknown, declared: number): Promise<Buffer> {
  const tooLarge = () => invalidParams('file', 'fileTooLarge', { mb: MAX_CSV_BYTES / (1024 * 1024) });
  if (declared > MAX_CSV_BYTES) throw tooLarge();
  if (Buffer.isBuffer(body)) {
    if (body.length > MAX_CSV_BYTES) throw tooLarge();
    return body;
  }
  if (!(body instanceof Readable)) throw invalidParams('file', 'fileBody');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size <= MAX_CSV_BYTES) chunks.push(bytes);
  }
  if (size > MAX_CSV_BYTES) throw tooLarge();
  return Buffer.concat(chunks);
}

// A time as the services write it: ISO with its offset, or "YYYY-MM-DD HH:mm[:ss]" (or with
// slashes) in the organisation's zone. Null when blank; undefined when unreadable.
function timeOf(text: string, offsetAt: (d: Date) => number): Date | null | undefined {
  const t = text.trim();
  if (!t) return null;
  const m =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(t);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', , zone] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (!Number.isFinite(utc) || Number(mo) > 12 || Number(d) > 31 || Number(h) > 23) return undefined;
  if (zone) {
    if (zone.toUpperCase() === 'Z') return new Date(utc);
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    return new Date(utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000);
  }
  // Local wall time: the zone's offset near that instant (exact but within a changeover hour).
  const guess = new Date(utc);
  return new Date(utc - offsetAt(guess));
}

function offsetIn(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  return (d: Date) => {
    const name = format.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    if (!m) return 0;
    return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000;
  };
}

interface Row {
  line: number;
  name: string;
  minutes: number;
  firstJoin: Date | null;
  lastLeave: Date | null;
}

function readRows(text: string, lang: Lang, offsetAt: (d: Date) => number): Row[] {
  const [header, ...records] = parseCsv(text);
  const colOf = new Map<Column, number>();
  header?.cells.forEach((h, i) => {
    const col = byAlias.get(norm(h));
    if (col && !colOf.has(col)) colOf.set(col, i);
  });
  const field = (line: number, col: Column) => `line ${line}, ${COLUMN_NAMES[col][lang]}`;
  if (!colOf.has('userName') && !colOf.has('email')) throw invalidParams(field(1, 'userName'), 'columnMissing');
  if (!colOf.has('minutes')) throw invalidParams(field(1, 'minutes'), 'columnMissing');
  if (records.length > MAX_ROWS) throw invalidParams('file', 'tooManyRows', { max: MAX_ROWS });
  const cell = (cells: string[], col: Column) => {
    const i = colOf.get(col);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  return records.map(({ line, cells }) => {
    const name = cell(cells, 'userName') || cell(cells, 'email');
    if (!name) throw invalidParams(field(line, colOf.has('userName') ? 'userName' : 'email'), 'required');
    const raw = cell(cells, 'minutes');
    const minutes = Number(raw.replace(',', '.'));
    if (!raw || !Number.isFinite(minutes)) throw invalidParams(field(line, 'minutes'), 'cellNotNumber', { value: raw });
    if (minutes < 0) throw invalidParams(field(line, 'minutes'), 'tooSmall', { min: 0 });
    if (minutes > MAX_MINUTES) throw invalidParams(field(line, 'minutes'), 'tooBig', { max: MAX_MINUTES });
    const times = (['firstJoin', 'lastLeave'] as const).map((col) => {
      const at = timeOf(cell(cells, col), offsetAt);
      if (at === undefined) throw invalidParams(field(line, col), 'invalidFormat', { format: 'dateTime' });
      return at;
    });
    return { line, name: name.slice(0, 254), minutes, firstJoin: times[0] ?? null, lastLeave: times[1] ?? null };
  });
}

// The organisation's users named by the rows: by user name, else by e-mail (ignoring case).
async function match(ctx: RequestContext, names: string[]): Promise<Map<string, number>> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const found = new Map<string, number>();
  for (let i = 0; i < lower.length; i += 1000) {
    const batch = lower.slice(i, i + 1000);
    const hits = await ctx.db
      .select({ id: users.id, userName: users.userName, email: users.email })
      .from(users)
      .where(
        inOrg(users, ctx.orgId, [
          or(inArray(sql`lower(${users.userName})`, batch), inArray(sql`lower(${users.email})`, batch)),
        ]),
      );
    // A user name wins over someone else's e-mail.
    for (const h of hits) if (h.email && !found.has(h.email.toLowerCase())) found.set(h.email.toLowerCase(), h.id);
    for (const h of hits) found.set(h.userName.toLowerCase(), h.id);
  }
  return found;
}

// Only a live class that has begun has attendance to import.
export function checkStarted(row: { status: number; startsAt: Date }): void {
  if (row.status === LiveClassStatus.Cancelled) throw businessError('liveCancelled');
  if (row.status === LiveClassStatus.Draft || row.startsAt > clock.date()) throw businessError('liveNotEnded');
}

export async function importAttendance(
  ctx: RequestContext,
  liveClassId: number,
  body: unknown,
  declaredBytes: number,
  dryRun: boolean,
  lang: Lang,
  timeZone: string,
): Promise<ImportResult> {
  const live = await liveFacts(ctx.db, ctx.orgId, liveClassId);
  checkStarted(live.row);
  const rows = readRows(csvText(await fileOf(body, declaredBytes)), lang, offsetIn(timeZone));
  const ids = await match(
    ctx,
    rows.map((r) => r.name),
  );
  const unknown = rows.filter((r) => !ids.has(r.name.toLowerCase())).map((r) => ({ line: r.line, name: r.name }));
  const teachers = new Set(live.teacherIds);
  const byUser = new Map<number, ParticipantInput>();
  for (const r of rows) {
    const userId = ids.get(r.name.toLowerCase());
    if (userId === undefined) continue;
    const seconds = Math.round(r.minutes * 60);
    const had = byUser.get(userId);
    const role: LiveRole = teachers.has(userId) ? Role.Moderator : Role.Viewer;
    if (!had) {
      byUser.set(userId, {
        userId,
        role,
        firstJoin: r.firstJoin,
        lastLeave: r.lastLeave,
        seconds,
        joins: 1,
        engagement: null,
      });
      continue;
    }
    had.seconds += seconds;
    had.joins += 1;
    if (r.firstJoin && (!had.firstJoin || r.firstJoin < had.firstJoin)) had.firstJoin = r.firstJoin;
    if (r.lastLeave && (!had.lastLeave || r.lastLeave > had.lastLeave)) had.lastLeave = r.lastLeave;
  }
  if (dryRun) return { matched: byUser.size, unknown, written: false };
  await ctx.db.transaction(async (tx) => {
    // Checked again with the class held: it may have been cancelled meanwhile.
    checkStarted((await liveFacts(tx, ctx.orgId, liveClassId, true)).row);
    await writeReport(tx, ctx.orgId, liveClassId, [...byUser.values()], ParticipationSource.Import);
  });
  return { matched: byUser.size, unknown, written: true };
}
