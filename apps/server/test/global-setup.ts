import type { TestProject } from 'vitest/node';
import { buildTemplates, type Migrated, type Templates } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates;
    migrated: Migrated;
  }
}

// Once per run and project: the demo databases every API test file starts from.
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const { templates, migrated, drop } = await buildTemplates(kind);
  project.provide('templates', templates);
  project.provide('migrated', migrated);
  return drop;
}
