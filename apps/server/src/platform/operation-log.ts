import type { FastifyRequest } from 'fastify';
import { operationLogs } from '../modules/log/log.table';
import type { Db } from './db';

type Entry = typeof operationLogs.$inferInsert;

const MOBILE_UA = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i;
const FLUSH_EVERY_MS = 1000;
const FLUSH_AT = 200;

// Records every call that changes data. Entries are buffered and written in batches so that a
// busy exam (thousands of autosaves) costs one insert per batch rather than one per call.
export class OperationLog {
  private buffer: Entry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  record(req: FastifyRequest, durationMs: number): void {
    const ctx = req.ctx;
    if (!ctx) return;
    const ua = req.headers['user-agent'] ?? '';
    this.buffer.push({
      organizationId: ctx.orgId,
      userId: ctx.userId,
      userName: ctx.userName,
      path: req.url.split('?')[0].slice(0, 255),
      method: req.method,
      mobile: MOBILE_UA.test(ua),
      responseCode: req.resultCode || 500,
      durationMs: Math.round(durationMs),
      ip: req.ip,
    });
    if (this.buffer.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      try {
        await this.db.insert(operationLogs).values(batch);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }
}
