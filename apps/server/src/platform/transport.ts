import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// What every answer carries on its way out: the security headers, and JSON compressed.

// Security headers on every answer, pages and API alike: no framing (clickjacking), no sniffing,
// no referrer leaking a path with an id, and a CSP that lets only our own scripts run.
const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd and KaTeX set inline styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Question images may come from https addresses (the sanitiser allows them).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Over plain http (a school's intranet server) HSTS would only confuse; behind TLS the proxy sets it.
  strictTransportSecurity: false,
};

// The headers are the same for every answer, so helmet runs once, against a response of our own,
// and each answer gets the finished set (@fastify/helmet ran helmet's middleware per request).
export function helmetHeaders(): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  let failed: unknown = null;
  helmet(HELMET)(res.req, res, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

export function securityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

// Register after the web's static files and before the API's routes: it compresses the answers of
// the routes registered after it (a stream's size is not known, so a static file would be compressed
// on the fly whatever its size; those carry their own .br and .gz instead).
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  // Answers of 1 KiB and more go compressed (brotli at quality 4, else gzip) when the client accepts
  // it: the permission tree, menus and question pages shrink by 77-87 % for well under a millisecond
  // each. The web's files already carry their .br and .gz variants (preCompressed), which pass as
  // they are; event streams take over their reply and never reach this; downloads of office files,
  // pictures and PDFs are not compressible types. Request bodies are never inflated here.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
