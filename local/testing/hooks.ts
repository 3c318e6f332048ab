// Vitest hooks around the test databases: one call in a describe block instead of the same
// let/beforeAll/afterAll in every file. Kept out of index.ts, which the benches import without vitest.
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './database.ts';

/**
 * A fresh database (bootstrap, migrations, seed) for the tests of the enclosing describe block:
 * created in a beforeAll, closed in an afterAll. The handle can be used from the first hook or test
 * on; a further beforeAll in the same block runs after the database is there.
 */
export function useTestDatabase(options: TestDatabaseOptions = {}): TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(async () => {
    await database?.close();
    database = undefined;
  });
  return new Proxy({} as TestDatabase, {
    get(_, key) {
      if (key === 'then') return undefined; // not a promise, whoever awaits it
      if (!database) throw new Error('useTestDatabase: the database is used outside its tests');
      return Reflect.get(database, key, database) as unknown;
    },
  });
}
