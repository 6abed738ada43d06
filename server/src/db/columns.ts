import { customType } from 'drizzle-orm/pg-core';

/** Binary data: node-postgres answers a Buffer, PGlite a Uint8Array; both are read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
