import { count } from 'drizzle-orm';
import { randomPassword } from './crypto';
import { type Database, openDatabase } from './db';
import { organizations } from './organizations.table';
import { provisioning } from './ports';

// Opens the configured database, applies migrations and syncs the permission menu.
export async function openPrepared(config: { databaseUrl: string | null; dataDir: string | null }): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.exclusively(async () => {
      await database.migrate();
      await provisioning.get().syncPermissions(database.db);
    });
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

// Creates the demo organisations on an empty database. Returns the password when it was generated,
// so it can be printed once; it is stored nowhere but as argon2 hashes.
export async function seedIfEmpty(
  database: Database,
  demoPassword: string | null,
  filesDir: string,
): Promise<{ seeded: boolean; generated: string | null }> {
  // Servers started together on an empty PostgreSQL database seed it once.
  return database.exclusively(async () => {
    const [{ n }] = await database.db.select({ n: count() }).from(organizations);
    if (Number(n) > 0) return { seeded: false, generated: null };
    const password = demoPassword ?? randomPassword(14);
    await provisioning.get().seedDemo(database.db, password, filesDir);
    return { seeded: true, generated: demoPassword ? null : password };
  });
}
