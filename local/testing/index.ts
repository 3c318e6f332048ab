// Test helpers other tasks build on: a fresh database, or a full embedded stack.
export {
  createTestDatabase,
  defaultBackend,
  installHostedStandIns,
  type Backend,
  type SchemaSource,
  type TestDatabase,
} from './database.ts';
export {
  ANON_KEY,
  JWT_SECRET,
  keyHeaders,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  signJwt,
} from '../keys.ts';
export {
  startTestStack,
  FIXTURE_CONFIG,
  FIXTURE_FUNCTIONS_DIR,
  type TestStack,
  type TestStackOptions,
} from './stack.ts';
