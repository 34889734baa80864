import type { FastifyInstance } from 'fastify';

// Courses (staff): the resource (the draft), publishing, assignments, learners.
export function courseRoutes(_app: FastifyInstance) {}
