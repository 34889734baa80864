import { api, type Certificate } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import type { JobRunner } from '../../platform/jobs';
import { noteSubject } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { certificateResource } from './certificate.resource';
import { issueByHand } from './certificate-actions';
import { registerCertificateJobs } from './certificate-expiry';
import { myCertificates, printCertificate, verifyCertificate } from './certificate-read';
import { certificateTemplateResource } from './certificate-template.resource';

// Certificates (issue 34): templates and issued certificates through the engine (revoke and
// reissue are the certificate's actions), issuing by hand, the holder's own, the print view, and
// the public verification by code.

export function certificateRoutes(app: FastifyInstance) {
  registerResource(app, certificateTemplateResource);
  registerResource(app, certificateResource);
  const c = api.certificate;
  defineEndpoint(app, c.issue, async ({ ctx, body, req }) => {
    const made = await issueByHand(ctx, body);
    noteSubject(req, { ids: [made.id], label: `${made.certificateNo} ${body.title}` });
    return (await certificateResource.get(ctx, made.id)) as Certificate;
  });
  defineEndpoint(app, c.my, ({ ctx, body }) => myCertificates(ctx, body));
  defineEndpoint(app, c.print, ({ ctx, params }) => printCertificate(ctx, params.id));
  defineEndpoint(app, c.verify, ({ params, req }) => verifyCertificate(app.db, req.ip, params.code));
}

// The daily expiry and recertification reminders (app.ts registers it with the other jobs).
export function registerCertificateRoutesJobs(runner: JobRunner, db: Db): void {
  registerCertificateJobs(runner, db);
}
