/**
 * Data protection at rest (docs/architecture.md, "Sealing"): a keyring of key-encryption keys, envelope
 * sealing with a data key per record, keyed hashes for looking sealed values up, named sealed secrets, and
 * the rotation that moves every data key to the active key.
 */
export {
  Keyring,
  SealError,
  isSealError,
  keyringFromEnv,
  parseKey,
  SINGLE_KEY_ID,
  type SealFailure,
} from './keyring';
export { Sealer, isSealed, keyIdOf, splitSealed, type SealScope, type SecretBox } from './envelope';
export { BlindIndex } from './blind-index';
export { SealedSecrets } from './secrets';
export { LegacyVault, isLegacySealed } from './legacy';
export {
  KeyRotation,
  sealedColumn,
  type RewrapSource,
  type RotationCounts,
  type RotationOptions,
  type RotationReport,
  type SealedCell,
  type SealedColumnSpec,
} from './rotation';
