import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { candidatePage, overrideCandidate } from './candidate.service';
import { examResource } from './exam.resource';
import { calendar } from './exam.service';
import { conflictsOf } from './exam-candidates';
import { myExams } from './my-exam.service';
import { approve, assignSeats, register, registrable, registrationPage, unregister } from './registration.service';
import { myTicket, tickets } from './ticket.service';

export function examRoutes(app: FastifyInstance) {
  registerResource(app, examResource);
  const ep = api.exam;
  defineEndpoint(app, ep.conflicts, async ({ ctx, params }) => {
    await examResource.readable(ctx, params.id);
    return conflictsOf(ctx.db, ctx, params.id);
  });
  defineEndpoint(app, ep.calendar, ({ ctx, body }) => calendar(ctx, body));
  defineEndpoint(app, ep.candidates, ({ ctx, params, body }) => candidatePage(ctx, params.id, body));
  defineEndpoint(app, ep.override, ({ ctx, params, body }) => overrideCandidate(ctx, params.id, body));
  defineEndpoint(app, ep.my, ({ ctx }) => myExams(ctx));
  defineEndpoint(app, ep.registrable, ({ ctx }) => registrable(ctx));
  defineEndpoint(app, ep.register, ({ ctx, params }) => register(ctx, params.id));
  defineEndpoint(app, ep.unregister, ({ ctx, params }) => unregister(ctx, params.id));
  defineEndpoint(app, ep.myTicket, ({ ctx, params }) => myTicket(ctx, params.id));

  const reg = api.examRegister;
  defineEndpoint(app, reg.page, ({ ctx, body }) => registrationPage(ctx, body));
  defineEndpoint(app, reg.approve, ({ ctx, params, body }) => approve(ctx, params.id, body.userIds, body.approve));
  defineEndpoint(app, reg.assignSeats, ({ ctx, params }) => assignSeats(ctx, params.id));
  defineEndpoint(app, reg.tickets, ({ ctx, params, body }) => tickets(ctx, params.id, body.userIds));
}
