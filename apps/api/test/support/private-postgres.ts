// The private PostgreSQL server lives with the scale-out script (which runs without the tests); tests use the same one.
export { PrivatePostgres } from '../../src/platform/bench/private-postgres';
