import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeIssue, errorHandler, issueError } from './error-handler';

describe('describeIssue', () => {
  it('names the field path and says "is required" for a missing field', () => {
    expect(
      describeIssue(
        {
          keyword: 'invalid_type',
          instancePath: '/userName',
          message: 'Invalid input: expected string, received undefined',
        },
        'body',
      ),
    ).toBe('userName: is required');
    const tooSmall = {
      keyword: 'too_small',
      instancePath: '/roles/0/id',
      message: 'Too small: expected number to be >=1',
      params: { origin: 'number', minimum: 1, inclusive: true },
    };
    expect(describeIssue(tooSmall, 'body')).toBe('roles.0.id: must be at least 1');
    expect(issueError(tooSmall, 'body').detail).toEqual({ key: 'tooSmall', field: 'roles.0.id', params: { min: 1 } });
    // An issue the catalogue has no code for keeps its own words, under the generic key.
    expect(describeIssue({ keyword: 'too_small', instancePath: '/x', message: 'Too small' }, 'body')).toBe(
      'x: Too small',
    );
    expect(describeIssue({ keyword: 'invalid_type', instancePath: '/', message: 'expected object' }, 'body')).toBe(
      'body: expected object',
    );
  });
});

describe('database errors that reach the handler', () => {
  let client: PGlite;
  let app: FastifyInstance;
  // Each statement's error, from a real database.
  const failure = (sql: string) =>
    client
      .query(sql)
      .then(() => null)
      .catch((e: unknown) => e);

  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`
      create table roles (organization_id bigint, id bigint, name text not null, sort integer, start_date date,
        primary key (organization_id, id));
      create unique index roles_name_uq on roles (organization_id, lower(name));
      create table user_roles (organization_id bigint, user_id bigint, role_id bigint,
        foreign key (organization_id, role_id) references roles (organization_id, id));
      insert into roles values (1, 1, 'Teacher', 0, null);
      insert into user_roles values (1, 7, 1);`);
    app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.post('/throw', async (req) => {
      throw await failure((req.body as { sql: string }).sql);
    });
    app.get('/client-error', async () => {
      throw Object.assign(new Error('Something odd about the request'), { statusCode: 400 });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await client.close();
  });

  const reply = async (sql: string) => {
    const res = await app.inject({ method: 'POST', url: '/throw', payload: { sql } });
    return { status: res.statusCode, ...res.json<{ code: number; message: string }>() };
  };

  it('a unique violation is 501 naming the field (not the organisation column, never the value)', async () => {
    const res = await reply(`insert into roles values (1, 2, 'TEACHER', 0, null)`);
    expect(res).toMatchObject({ status: 200, code: 501, message: 'name: already exists' });
    expect(await reply(`insert into roles values (1, 1, 'Other', 0, null)`)).toMatchObject({
      code: 501,
      message: 'id: already exists',
      error: { key: 'alreadyExists', field: 'id' },
    });
  });

  it('a foreign-key violation is 500: a vanished reference on insert, "still in use" on delete', async () => {
    expect(await reply('insert into user_roles values (1, 8, 99)')).toMatchObject({
      status: 200,
      code: 500,
      message: 'roleId: refers to a record that no longer exists',
      error: { key: 'referenceGone', field: 'roleId' },
    });
    expect(await reply('delete from roles where id = 1')).toMatchObject({
      code: 500,
      message: 'This record is still in use by user roles',
      error: { key: 'inUse', params: { by: 'user roles' } },
    });
  });

  it('values the database cannot take are 501; the SQL never reaches the reply', async () => {
    for (const sql of [
      `insert into roles values (1, 3, 'x', 0, '2026-02-31')`,
      `insert into roles values (1, 3, 'x', 99999999999, null)`,
      `insert into roles values (1, 3, 'x', 'abc', null)`,
      `insert into roles values (1, 3, null, 0, null)`,
      `select '+010000-01-01T13:59:59.000Z'::timestamptz`,
      'select 1 / 0',
    ]) {
      const res = await reply(sql);
      expect(res.code, sql).toBe(501);
      expect(res.message, sql).toMatch(/^[\w.[\]-]+: /);
      expect(res.message, sql).not.toMatch(/insert|roles/);
    }
    expect((await reply(`insert into roles values (1, 3, null, 0, null)`)).message).toBe('name: is required');
  });

  it('other database errors stay an unhandled 500 with the generic message', async () => {
    expect(await reply('select * from no_such_table')).toMatchObject({
      status: 500,
      code: 500,
      message: 'Server error, please try again later',
      error: { key: 'serverError' },
    });
  });

  it('other client errors are 501 and still start with a field', async () => {
    const res = await app.inject({ method: 'GET', url: '/client-error' });
    expect(res.json()).toMatchObject({ code: 501, message: 'request: Something odd about the request' });
  });
});
