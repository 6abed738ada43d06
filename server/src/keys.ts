import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from './staff/audit';
import type { Db } from './db/client';
import type { KeyRotation, RotationOptions, RotationReport } from './platform/crypto';

export interface RotateKeysDeps {
  keyRotation: KeyRotation;
  audit: AuditService;
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * One key rotation run (docs/security.md, "Rotating the key"): every data key not yet under the active key is
 * wrapped again, and values from before sealing are sealed. Audited when it changed anything (counts per
 * place, never ids or contents), as the acting staff member (the command line's `--staff`) or the server (the
 * scheduler's pass, `staffId` null). Values that cannot be opened are logged as counts.
 */
export async function rotateKeys(
  deps: RotateKeysDeps,
  staffId: string | null,
  options: Omit<RotationOptions, 'legacyOnly'> = {},
): Promise<RotationReport> {
  const report = await deps.keyRotation.run(options);
  const changed = Object.entries(report).filter(([, counts]) => counts.rewrapped + counts.upgraded > 0);
  if (changed.length > 0) {
    await deps.db.transaction((tx) =>
      deps.audit.record(tx, {
        staffId,
        action: 'keys.rotate',
        target: `keyring:${deps.keyRotation.activeKeyId}`,
        details: Object.fromEntries(changed),
      }),
    );
    deps.log.info(
      { activeKey: deps.keyRotation.activeKeyId, report },
      'key rotation: data keys wrapped again',
    );
  }
  const unreadable = Object.entries(report).filter(([, counts]) => counts.unreadable > 0);
  if (unreadable.length > 0)
    deps.log.warn(
      { unreadable: Object.fromEntries(unreadable.map(([name, counts]) => [name, counts.unreadable])) },
      'key rotation: sealed values that cannot be opened (a key missing from the keyring, or damage)',
    );
  return report;
}
