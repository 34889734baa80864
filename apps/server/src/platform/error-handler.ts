import { ResultCode } from '@lyceum/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeDbError } from './db-errors';
import { AppError } from './errors';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

// Turns one validation issue into "field: what is wrong", the message the 501 reply carries.
export function describeIssue(issue: ValidationIssue, context: string): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const field = path || context;
  const message = issue.message ?? 'is invalid';
  if (issue.keyword === 'invalid_type' && /received undefined/.test(message)) return `${field}: is required`;
  return `${field}: ${message}`;
}

// Other client errors Fastify raises (content-length mismatch, bad headers) still start with a field.
function withField(error: FastifyError): string {
  if (FIELD_MESSAGE.test(error.message)) return error.message;
  return `${error.code?.startsWith('FST_ERR_CTP_') ? 'body' : 'request'}: ${error.message}`;
}
const FIELD_MESSAGE = /^[\w.[\]-]+: /;

function send(req: FastifyRequest, reply: FastifyReply, code: number, message: string, status = 200) {
  req.resultCode = code;
  req.resultMessage = message;
  return reply.status(status).send({ code, message, response: null });
}

export function errorHandler(err: Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return send(req, reply, err.code, err.message);
  const error = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    return send(req, reply, ResultCode.InvalidParams, describeIssue(error.validation[0], context));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return send(req, reply, ResultCode.InvalidParams, 'body: is not valid JSON');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return send(req, reply, ResultCode.InvalidParams, 'body: send JSON with Content-Type: application/json');
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return send(req, reply, ResultCode.InvalidParams, 'body: is too large');
  }
  // Constraints the contract did not foresee (or a race: a role deleted while being assigned). The
  // reply names the field; the SQL and its parameters stay out of it (and out of the log, see log-safety).
  const db = describeDbError(err);
  if (db) {
    req.log.warn({ err: error }, 'database refused the request');
    return send(req, reply, db.code, db.message);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return send(req, reply, ResultCode.InvalidParams, withField(error));
  }
  req.log.error({ err: error }, 'unhandled error');
  return send(req, reply, ResultCode.Error, 'Server error, please try again later', 500);
}
