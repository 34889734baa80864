import { type ErrorDetail, isMobileUserAgent, ResultCode } from '@lyceum/contract';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import type { Db } from './db';
import { operationLogs } from './operation-log.table';

type Entry = typeof operationLogs.$inferInsert;

const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 200;
const LABEL_MAX = 255;
const MESSAGE_MAX = 500;
const IDS_MAX = 100;

// What a call acted on, beyond what its address says: the record's name (read by the handler while
// it still exists, or from the created row), the ids when they are not in the request, or a more
// precise action (an import's dry run).
export interface LogSubject {
  ids?: number[];
  label?: string | null;
  action?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    logSubject: LogSubject | null;
    // The refusal message sent back (the error handler sets it), kept in the log for failures.
    resultMessage: string | null;
    // Its coded form ({key, field, params}).
    resultError: ErrorDetail | null;
  }
}

export function noteSubject(req: FastifyRequest, subject: LogSubject): void {
  req.logSubject = { ...req.logSubject, ...subject };
}

// Names records of one entity by id, for calls that named only ids (change status, reset password,
// grant). Resources register theirs (resource-routes); the log asks after the reply has gone.
type LabelReader = (ctx: RequestContext, ids: number[]) => Promise<string | null>;
const labelReaders = new Map<string, LabelReader>();
export function registerLabelReader(entity: string, reader: LabelReader): void {
  labelReaders.set(entity, reader);
}

// How people recognise a record: "Alice Wang (alice)" for users, else its label field, names and
// titles, rich text as plain words; several records as the first three and a count.
export function recordLabel(rows: Record<string, unknown>[], labelKey = 'name'): string | null {
  const names = rows.map((row) => {
    if (typeof row.realName === 'string' && typeof row.userName === 'string')
      return `${row.realName} (${row.userName})`;
    const value = row[labelKey] ?? row.name ?? row.title;
    return value === null || value === undefined ? null : shorten(plainText(String(value)), 60);
  });
  const shown = names.filter((n): n is string => Boolean(n));
  if (!shown.length) return null;
  const rest = rows.length > 3 ? ` +${rows.length - 3}` : '';
  return shorten(shown.slice(0, 3).join(', ') + rest, LABEL_MAX);
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

// Control characters have no place in a log entry, and PostgreSQL refuses NUL in text and jsonb (and
// a lone surrogate's escape in jsonb): a tab or line break becomes a space, the other controls (C0,
// DEL, C1) go, a lone surrogate becomes U+FFFD. Every text of an entry passes here.
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const isSpacing = (code: number) => code >= 0x09 && code <= 0x0d;
export function logText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      const pair = code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
      out += pair ? text.slice(i, i + 2) : '\ufffd';
      if (pair) i++;
    } else if (!isControl(code)) out += text[i];
    else if (isSpacing(code)) out += ' ';
  }
  return out;
}

// The refusal's field and parameters may quote the request (an unknown key, a refused value).
function logError(detail: ErrorDetail | null): ErrorDetail | null {
  if (!detail) return null;
  const out: ErrorDetail = { key: detail.key };
  if (detail.field !== undefined) out.field = logText(detail.field);
  if (detail.params) {
    const params = Object.entries(detail.params as Record<string, string | number>);
    out.params = Object.fromEntries(params.map(([k, v]) => [logText(k), typeof v === 'string' ? logText(v) : v]));
  }
  return out;
}

// /api/{entity}/{verb}/... names what was done to what, for every route without a hand-written entry.
// The exam-taking protocol nests its verbs (/api/exam/attempt/start): they read attemptStart.
export function routeSubject(url: string): { entity: string; action: string } {
  const [, api, entity = '', verb = '', sub = ''] = url.split('/');
  if (api !== 'api') return { entity: '', action: '' };
  if (verb === 'attempt' && /^[a-z]+$/.test(sub))
    return { entity, action: `attempt${sub[0]!.toUpperCase()}${sub.slice(1)}` };
  return { entity, action: verb };
}

function isId(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

// Record ids the request names: a path id, the body's id or ids, or `{entity}Id` (a role grant's roleId).
function requestIds(req: FastifyRequest, entity: string): number[] {
  const params = (req.params ?? {}) as Record<string, unknown>;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
  const pathId = Number(params.id);
  if (isId(pathId) && /^[1-9][0-9]*$/.test(String(params.id))) return [pathId];
  if (isId(body.id)) return [body.id];
  if (Array.isArray(body.ids)) return body.ids.filter(isId).slice(0, IDS_MAX);
  const own = body[`${entity}Id`];
  return isId(own) ? [own] : [];
}

// Records every call that changes data: who, what to which record, the result and the refusal.
// Entries are buffered and written in batches so that a busy exam (thousands of autosaves) costs one
// insert per batch rather than one per call.
export class OperationLog {
  private buffer: Entry[] = [];
  private pending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  // Called after the reply has gone, so naming the records costs the caller nothing.
  record(req: FastifyRequest, durationMs: number): void {
    const ctx = req.ctx;
    if (!ctx) return;
    const work = this.entryOf(req, ctx, durationMs).then(
      (entry) => {
        this.buffer.push(entry);
        if (this.buffer.length >= FLUSH_AT) void this.flush();
        else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
      },
      (err) => this.onError(err),
    );
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private async entryOf(req: FastifyRequest, ctx: RequestContext, durationMs: number): Promise<Entry> {
    const route = routeSubject(req.routeOptions.url ?? req.url.split('?')[0]);
    const subject = req.logSubject ?? {};
    const ids = subject.ids ?? requestIds(req, route.entity);
    let label = subject.label ?? null;
    const code = req.resultCode || ResultCode.Error;
    const reader = labelReaders.get(route.entity);
    // Invalid input names no record worth a lookup (its ids may be anything).
    if (label === null && ids.length && reader && code !== ResultCode.InvalidParams) {
      label = await reader(ctx, ids).catch(() => null);
    }
    // A refused create names what it tried to create ("could not create degree «Bachelor»"), from the
    // body only once it passed validation (a body refused by the guard or zod may hold anything).
    const validBody = req.validInput && req.body && typeof req.body === 'object';
    if (label === null && !ids.length && route.action === 'create' && validBody) {
      label = recordLabel([req.body as Record<string, unknown>]);
    }
    // Everything taken from the request is cleaned here, the one place a row is built.
    const text = (value: string, max: number) => shorten(logText(value), max);
    return {
      organizationId: ctx.orgId,
      userId: ctx.userId,
      userName: text(ctx.userName, 64),
      entity: text(route.entity, 48),
      action: text(subject.action ?? route.action, 48),
      recordIds: ids,
      recordLabel: label ? text(label, LABEL_MAX) || null : null,
      message: code === ResultCode.Success ? null : text(req.resultMessage ?? '', MESSAGE_MAX) || null,
      error: code === ResultCode.Success ? null : logError(req.resultError),
      path: logText(req.url.split('?')[0]).slice(0, 255),
      method: logText(req.method).slice(0, 8),
      mobile: isMobileUserAgent(req.headers['user-agent']),
      responseCode: code,
      durationMs: Math.round(durationMs),
      ip: logText(req.ip ?? '').slice(0, 64) || null,
    };
  }

  async flush(): Promise<void> {
    await Promise.all(this.pending);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      try {
        await this.db.insert(operationLogs).values(batch);
      } catch (err) {
        if (batch.length === 1) return this.onError(err);
        // One row the database refuses (its organisation deleted meanwhile, a value it cannot store)
        // must not cost everyone else their entries: each row is tried on its own.
        for (const entry of batch) {
          await this.db
            .insert(operationLogs)
            .values(entry)
            .catch((e: unknown) => this.onError(e));
        }
      }
    });
    return this.flushing;
  }
}
