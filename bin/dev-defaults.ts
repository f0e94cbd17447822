// Where `npm start` runs its embedded parts, so the operator CLI finds them with no setup.
export const DEV_PORTS = { postgres: 54329, temporal: 7233, temporalUi: 8233 };
export const DEV_DATABASE_URL = `postgres://postgres:loadplan@127.0.0.1:${DEV_PORTS.postgres}/postgres`;
export const DEV_TEMPORAL_ADDRESS = `127.0.0.1:${DEV_PORTS.temporal}`;
export const DEV_DATA_DIR = '.data';
