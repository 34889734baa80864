import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_KEY_HEADER, type ErrorDetail, errorMessage, ResultCode, TOKEN_HEADER } from '@lyceum/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { admissionRoutes } from './modules/admission/admission.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { attendanceStatsRoutes, registerAttendanceStatsJobs } from './modules/attendance/attendance-stats.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { resolveSession } from './modules/auth/session.service';
import { flushTouches } from './modules/auth/session-cache';
import { baseDataRoutes } from './modules/base-data.routes';
import { calendarViewRoutes } from './modules/calendar-view/calendar-view.routes';
import { certificateRoutes, registerCertificateRoutesJobs } from './modules/certificate/certificate.routes';
import { commonRoutes } from './modules/common/common.routes';
import { courseRoutes } from './modules/course/course.routes';
import { courseLearnRoutes } from './modules/course/course-learn.routes';
import { courseOrderRoutes } from './modules/course-order/course-order.routes';
import { registerCourseOrderJobs } from './modules/course-order/course-order-close';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { attemptRoutes } from './modules/exam/attempt.routes';
import { registerAttemptJobs } from './modules/exam/attempt.service';
import { examRoutes } from './modules/exam/exam.routes';
import { examPaperRoutes } from './modules/exam-paper/exam-paper.routes';
import { exportRoutes } from './modules/export/export.routes';
import { registerExportJobs } from './modules/export/export.service';
import { fileRoutes } from './modules/file/file.routes';
import { registerFileJobs } from './modules/file/file.service';
import { localStorage } from './modules/file/file.storage';
import { gradebookRoutes } from './modules/gradebook/gradebook.routes';
import { graduationRoutes } from './modules/graduation/graduation.routes';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes';
import { liveClassRoutes } from './modules/live-class/live-class.routes';
import { liveReportRoutes } from './modules/live-class/live-report.routes';
import { liveSessionRoutes } from './modules/live-class/live-session.routes';
import { registerLiveJobs } from './modules/live-class/live-sweep';
import { logRoutes } from './modules/log/log.routes';
import { markingRoutes } from './modules/marking/marking.routes';
import { registerMarkingJobs } from './modules/marking/marking-jobs';
import { messageRoutes } from './modules/message/message.routes';
import { registerMessageMailJobs } from './modules/message/message-mail';
import { organizationRoutes } from './modules/organization/organization.routes';
import { paymentRoutes } from './modules/payment/payment.routes';
import { pointRoutes, registerPointJobs } from './modules/points/points.routes';
import { questionRoutes } from './modules/question/question.routes';
import { roleRoutes } from './modules/role/role.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { registerShopJobs } from './modules/shop/shop-jobs';
import { registerStudentRecordJobs, studentRecordRoutes } from './modules/student-record/student-record.routes';
import { systemConfigRoutes } from './modules/system-config/system-config.routes';
import { taskRoutes } from './modules/task/task.routes';
import { registerTaskJobs } from './modules/task/task-status';
import { teamRoutes } from './modules/team/team.routes';
import { timetableRoutes } from './modules/timetable/timetable.routes';
import { trainingRoutes } from './modules/training/training.routes';
import { registerTuitionJobs, tuitionRoutes } from './modules/tuition/tuition.routes';
import { userRoutes } from './modules/user/user.routes';
import { testClockRoute } from './platform/clock';
import type { Db } from './platform/db';
import { errorHandler } from './platform/error-handler';
import { JobRunner, type RunnerOptions } from './platform/jobs';
import { REDACT_PATHS, safeLogArgs, serializeError, serializeRequest } from './platform/log-safety';
import { withoutSafeIntegerBounds, withSharedEnvelope } from './platform/openapi';
import { OperationLog } from './platform/operation-log';
import { compressAnswers, securityHeaders } from './platform/transport';
import './wiring';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    operationLog: OperationLog;
    jobs: JobRunner;
  }
}

const PURGE_JOBS = 'jobs.purge';

export interface AppOptions {
  db: Db;
  // Where uploaded files are kept (DATA_DIR/files); tests use a temporary folder.
  filesDir: string;
  logLevel?: string;
  webDist?: string | null;
  trustProxy?: boolean;
  // Run background jobs in this process (the server does; tests run them with app.jobs.runUntilIdle()).
  startJobs?: boolean;
  jobOptions?: RunnerOptions;
  // Browser tests: POST /__test/clock sets the server's clock (config.testClock).
  testClock?: boolean;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: opts.logLevel ?? 'info',
      redact: REDACT_PATHS,
      // Errors are logged without SQL parameters (password hashes, user data): see log-safety.
      serializers: { err: serializeError, req: serializeRequest },
      hooks: {
        logMethod(args, method) {
          method.apply(this, safeLogArgs(args) as typeof args);
        },
      },
    },
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 2 * 1024 * 1024,
    // A malformed address (bad percent-encoding, an overlong path parameter) never reaches a route;
    // it still gets the envelope, naming the address.
    frameworkErrors: (error, _req, res) => {
      // The hook's reply type is generic over the route; this one has no route.
      const reply = res as unknown as FastifyReply;
      const client = (error.statusCode ?? 500) < 500;
      const detail: ErrorDetail =
        error.code === 'FST_ERR_BAD_URL'
          ? { key: 'badUrlEncoding', field: 'url' }
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? { key: 'paramTooLong', field: 'url' }
            : client
              ? { key: 'badUrl', field: 'url' }
              : { key: 'serverError' };
      reply.status(client ? 200 : 500).send({
        code: client ? ResultCode.InvalidParams : ResultCode.Error,
        message: errorMessage(detail),
        response: null,
        error: detail,
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('db', opts.db);
  app.decorate('storage', localStorage(opts.filesDir));
  app.decorate('routeCatalog', []);
  app.decorateRequest('ctx', null);
  app.decorateRequest('resultCode', 0);
  app.decorateRequest('validInput', false);
  app.decorateRequest('resultMessage', null);
  app.decorateRequest('resultError', null);
  app.decorateRequest('logSubject', null);
  app.decorate('resolveSession', (_req, lookup) => resolveSession(opts.db, lookup));

  // An empty JSON body counts as no body, so POST /select/{id} works whether the client sends {} or nothing.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Uploads and spreadsheet imports send the file itself as the body, of any type: the handler gets
  // the stream and bounds it by its own limit (an upload's purpose, an import's MAX_IMPORT_BYTES), so
  // no buffering parser may cap them first.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else jsonParser(req, text, done);
  });

  const operationLog = new OperationLog(opts.db, (err) => app.log.error({ err }, 'operation log write failed'));
  app.decorate('operationLog', operationLog);
  app.addHook('onResponse', async (req, reply) => {
    const config = req.routeOptions.config;
    if (config?.mutates || config?.audited) operationLog.record(req, reply.elapsedTime);
  });
  app.addHook('onClose', async () => operationLog.flush());
  app.addHook('onClose', async () => flushTouches());

  const jobs = new JobRunner(opts.db, {
    onError: (err, job) => app.log.error({ err, job: job?.id, kind: job?.kind }, 'background job failed'),
    ...opts.jobOptions,
  });
  app.decorate('jobs', jobs);
  jobs.register(PURGE_JOBS, { run: async () => ({ removed: await JobRunner.purgeFinished(opts.db) }) });
  jobs.every(PURGE_JOBS, 3600_000);
  registerExportJobs(jobs, opts.db, app.storage);
  registerAttemptJobs(jobs, opts.db);
  registerMarkingJobs(jobs, opts.db);
  registerTaskJobs(jobs, opts.db);
  registerMessageMailJobs(jobs, opts.db);
  registerFileJobs(jobs, opts.db, app.storage);
  registerAttendanceStatsJobs(jobs, opts.db);
  registerLiveJobs(jobs, opts.db, app.log);
  registerPointJobs(jobs, opts.db, app.log);
  registerShopJobs(jobs, opts.db);
  registerTuitionJobs(jobs, opts.db);
  registerCertificateRoutesJobs(jobs, opts.db);
  registerStudentRecordJobs(jobs, opts.db);
  registerCourseOrderJobs(jobs, opts.db);
  if (opts.startJobs) app.addHook('onReady', async () => jobs.start());
  // Stops claiming and gives running jobs a few seconds before the database closes.
  app.addHook('onClose', async () => jobs.stop());

  await app.register(fastifyCookie);
  securityHeaders(app);
  const webDist = opts.webDist ?? null;
  const hasWeb = Boolean(webDist && existsSync(path.join(webDist, 'index.html')));
  // The web app routes every non-API path itself (its 404 page included), so they all get index.html.
  const sendApp = (reply: FastifyReply) => reply.sendFile('index.html', webDist!);
  // The exam page is its own entry (apps/web/exam.html): /take/<examId> gets it, not the back office.
  const sendExam = (reply: FastifyReply) => reply.sendFile('exam.html', webDist!);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuild while the server runs is served too.
      wildcard: true,
      index: false,
      cacheControl: false,
      // The build writes file.br and file.gz beside every compressible file (apps/web/precompress.ts):
      // the best variant the browser accepts is sent as it is, brotli before gzip, the file itself
      // otherwise. Nothing static is compressed per request.
      preCompressed: true,
      // `file` is the file actually sent (main-1a2b.js.br). Vite names assets by content hash, so they
      // are cached for good; index.html is revalidated on every load, so a new deploy is picked up.
      setHeaders: (res, file) => {
        res.setHeader('vary', 'Accept-Encoding');
        res.setHeader(
          'cache-control',
          path.relative(webDist, file).startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : // Pages, and the exam page's service worker, so a new deploy reaches the next load.
              /(\.html|exam-sw\.js)(\.br|\.gz)?$/.test(file)
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
    app.get('/', (_req, reply) => sendApp(reply));
  }
  // After the web's files (which carry their own .br and .gz), before every API route.
  await compressAnswers(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lyceum API',
        version: '0.1.0',
        description:
          'Every reply is {code, message, response} with HTTP 200. Codes: 1 success, 401 not logged in, 402 wrong ' +
          'credentials, 403 no permission, 500 business error, 501 invalid parameters, 502 session not valid for this organisation. ' +
          'A failure also carries `error` {key, field?, params?} (ErrorDetail): the code of the refusal in the error ' +
          'catalogue, the field it names and its parameters, from which `message` (English) is built and a client can translate.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: TOKEN_HEADER },
          apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with a registered id (the envelope's ErrorDetail) become components, referenced by $ref.
    transformObject: (input) =>
      withSharedEnvelope(withoutSafeIntegerBounds(jsonSchemaTransformObject(input) as Record<string, unknown>)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  organizationRoutes(app);
  authRoutes(app);
  userRoutes(app);
  roleRoutes(app);
  dashboardRoutes(app);
  baseDataRoutes(app);
  commonRoutes(app);
  systemConfigRoutes(app);
  fileRoutes(app);
  questionRoutes(app);
  logRoutes(app);
  examPaperRoutes(app);
  teamRoutes(app);
  examRoutes(app);
  attemptRoutes(app);
  markingRoutes(app);
  gradebookRoutes(app);
  taskRoutes(app);
  messageRoutes(app);
  courseRoutes(app);
  courseLearnRoutes(app);
  timetableRoutes(app);
  knowledgeRoutes(app);
  attendanceRoutes(app);
  liveClassRoutes(app);
  liveSessionRoutes(app);
  liveReportRoutes(app);
  shopRoutes(app);
  paymentRoutes(app);
  tuitionRoutes(app);
  certificateRoutes(app);
  studentRecordRoutes(app);
  trainingRoutes(app);
  admissionRoutes(app);
  graduationRoutes(app);
  courseOrderRoutes(app);
  calendarViewRoutes(app);
  attendanceStatsRoutes(app);
  pointRoutes(app);
  exportRoutes(app);
  if (opts.testClock) testClockRoute(app);

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      const error = { key: 'noSuchApi', params: { method: req.method, url: req.url.split('?')[0] } } as const;
      return reply.status(404).send({ code: ResultCode.Error, message: errorMessage(error), response: null, error });
    }
    if (hasWeb && req.method === 'GET' && req.url.startsWith('/take/')) return sendExam(reply);
    if (hasWeb && req.method === 'GET' && !req.url.startsWith('/assets/')) return sendApp(reply);
    return reply
      .status(404)
      .type('text/plain')
      .send(hasWeb ? 'Not found' : 'Not found. The web app is not built: run npm start.');
  });
  return app;
}
