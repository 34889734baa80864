import { type ErrorDetail, errorMessage, issueDetail, ResultCode } from '@lyceum/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { describeDbError } from './db-errors';
import { AppError } from './errors';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

// One validation issue from fastify-type-provider-zod (the zod issue, its path as a JSON pointer and
// the rest under `params`) as the coded error of the 501 reply; the field is `context` when the
// issue is about the whole part (body, querystring).
export function issueError(issue: ValidationIssue, context: string): AppError {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const zodIssue = { ...issue.params, code: issue.keyword, path, message: issue.message ?? '' } as z.core.$ZodIssue;
  return new AppError(ResultCode.InvalidParams, issueDetail(zodIssue, context));
}

// The message a 501 for this issue carries ("field: what is wrong").
export function describeIssue(issue: ValidationIssue, context: string): string {
  return issueError(issue, context).message;
}

// Other client errors Fastify raises (content-length mismatch, bad headers) still name a field.
function withField(error: FastifyError): ErrorDetail {
  const m = FIELD_MESSAGE.exec(error.message);
  if (m) return { key: 'message', field: m[1], params: { text: m[2] } };
  return {
    key: 'message',
    field: error.code?.startsWith('FST_ERR_CTP_') ? 'body' : 'request',
    params: { text: error.message },
  };
}
const FIELD_MESSAGE = /^([\w.[\]-]+): (.*)$/s;

function send(req: FastifyRequest, reply: FastifyReply, code: number, detail: ErrorDetail, status = 200) {
  req.resultCode = code;
  const message = errorMessage(detail);
  // The operation log keeps the refusal beside the call.
  req.resultMessage = message;
  req.resultError = detail;
  return reply.status(status).send({ code, message, response: null, error: detail });
}

export function errorHandler(err: Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return send(req, reply, err.code, err.detail);
  const error = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    const refused = issueError(error.validation[0] as ValidationIssue, context);
    return send(req, reply, refused.code, refused.detail);
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return send(req, reply, ResultCode.InvalidParams, { key: 'invalidJson', field: 'body' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return send(req, reply, ResultCode.InvalidParams, { key: 'jsonOnly', field: 'body' });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return send(req, reply, ResultCode.InvalidParams, { key: 'bodyTooLarge', field: 'body' });
  }
  // Constraints the contract did not foresee (or a race: a role deleted while being assigned). The
  // reply names the field; the SQL and its parameters stay out of it (and out of the log, see log-safety).
  const db = describeDbError(err);
  if (db) {
    req.log.warn({ err: error }, 'database refused the request');
    return send(req, reply, db.code, db.detail);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(req, reply, ResultCode.InvalidParams, withField(error));
  }
  req.log.error({ err: error }, 'unhandled error');
  return send(req, reply, ResultCode.Error, { key: 'serverError' }, 500);
}
