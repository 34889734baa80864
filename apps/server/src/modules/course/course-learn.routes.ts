import type { FastifyInstance } from 'fastify';

// Courses as students learn them: my courses, the catalogue, self-enrolment, lessons, heartbeats.
export function courseLearnRoutes(_app: FastifyInstance) {}
