import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_ROLE_CODE, OrganizationStatus, zPassword, zUserName } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig, repoRoot } from '../config';
import {
  createApiKey,
  createOrganization,
  listOrganizations,
  setOrganizationStatus,
} from '../modules/organization/organization.service';
import { organizations } from '../modules/organization/organization.table';
import { roles } from '../modules/role/role.table';
import { userRoles, users } from '../modules/user/user.table';
import { openPrepared, seedIfEmpty } from '../platform/bootstrap';
import { hashPassword, randomPassword } from '../platform/crypto';
import { type Database, openDatabase } from '../platform/db';
import { openApiText } from '../platform/openapi';
import { passwordProblem } from '../platform/password-policy';

const HELP = `Lyceum operator commands (npm run lyceum -- <command> [options])

  db:migrate                                  apply database migrations
  org:create --domain D --name N [--icp X] [--copyright X] [--theme #1677ff]
                                              create an organisation with its built-in roles
  org:list                                    list organisations
  org:disable --domain D | org:enable --domain D
                                              disabling ends every session of the organisation
  user:create-admin --domain D --user U [--name "Real Name"] [--password P]
                                              create an administrator (password generated when omitted)
  apikey:create --domain D --name N           create an API key for the staff handoff (shown once)
  demo:seed                                   create the demo organisations on an empty database
  openapi:write [--out file]                  write the OpenAPI document (default apps/server/openapi.json)
`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    domain: { type: 'string' },
    name: { type: 'string' },
    icp: { type: 'string' },
    copyright: { type: 'string' },
    theme: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

function need(name: keyof typeof values): string {
  const v = values[name];
  if (typeof v !== 'string' || !v.trim()) throw new Error(`--${name} is required`);
  return v.trim();
}

async function createAdmin(database: Database) {
  const domain = need('domain');
  const userName = zUserName.parse(need('user'));
  const plain = values.password ?? randomPassword(14);
  zPassword.parse(plain);
  const weak = passwordProblem(plain, [userName, domain]);
  if (weak) throw new Error(weak);
  const [org] = await database.db.select().from(organizations).where(eq(organizations.domain, domain));
  if (!org) throw new Error(`Organisation "${domain}" does not exist`);
  const [admin] = await database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, org.id), eq(roles.code, ADMIN_ROLE_CODE)));
  const [user] = await database.db
    .insert(users)
    .values({
      organizationId: org.id,
      userName,
      realName: values.name ?? userName,
      passwordHash: await hashPassword(plain),
    })
    .returning({ id: users.id });
  await database.db.insert(userRoles).values({ organizationId: org.id, userId: user.id, roleId: admin.id });
  console.log(`Administrator "${userName}" created in ${domain}.`);
  if (!values.password) console.log(`Password (shown only now): ${plain}`);
}

async function run(command: string | undefined) {
  if (!command || values.help) {
    console.log(HELP);
    return;
  }
  if (command === 'openapi:write') {
    // The document depends only on the routes; an empty in-memory database is enough to build them.
    const scratch = await openDatabase({ url: null, dataDir: null });
    const app = await buildApp({ db: scratch.db, logLevel: 'silent', filesDir: os.tmpdir() });
    await app.ready();
    const out = values.out ?? path.join(repoRoot, 'apps/server/openapi.json');
    writeFileSync(out, openApiText(app));
    await app.close();
    await scratch.close();
    console.log(`OpenAPI written to ${out}`);
    return;
  }
  const config = loadConfig();
  const database = await openPrepared(config);
  try {
    switch (command) {
      case 'db:migrate':
        console.log(`Migrations applied (${database.kind}).`);
        break;
      case 'org:create': {
        const { org } = await createOrganization(database.db, {
          domain: need('domain'),
          name: need('name'),
          icpNumber: values.icp,
          copyright: values.copyright,
          themeColor: values.theme,
        });
        console.log(`Organisation "${org.name}" created: log in at /${org.domain}/login once it has an administrator:`);
        console.log(`  npm run lyceum -- user:create-admin --domain ${org.domain} --user admin`);
        break;
      }
      case 'org:list':
        for (const o of await listOrganizations(database.db)) {
          console.log(
            `${o.domain.padEnd(20)} ${o.status === OrganizationStatus.Enabled ? 'enabled ' : 'disabled'} ${o.name}`,
          );
        }
        break;
      case 'org:disable':
      case 'org:enable': {
        const status = command === 'org:disable' ? OrganizationStatus.Disabled : OrganizationStatus.Enabled;
        const org = await setOrganizationStatus(database.db, need('domain'), status);
        console.log(
          `Organisation "${org.name}" ${command === 'org:disable' ? 'disabled; its sessions have ended' : 'enabled'}.`,
        );
        break;
      }
      case 'user:create-admin':
        await createAdmin(database);
        break;
      case 'apikey:create': {
        const key = await createApiKey(database.db, need('domain'), need('name'));
        console.log(`API key (shown only now; send it in the x-api-key header): ${key}`);
        break;
      }
      case 'demo:seed': {
        const { seeded, generated } = await seedIfEmpty(
          database,
          config.demoPassword,
          path.join(config.dataDir, 'files'),
        );
        console.log(
          seeded
            ? `Demo data created.${generated ? ` Password: ${generated}` : ''}`
            : 'The database is not empty; nothing done.',
        );
        break;
      }
      default:
        throw new Error(`Unknown command "${command}"\n\n${HELP}`);
    }
  } finally {
    await database.close();
  }
}

run(positionals[0]).catch((err: Error) => {
  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  console.error(issues ? issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('\n') : err.message);
  process.exit(1);
});
