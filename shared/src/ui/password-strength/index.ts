export { estimateStrength, usePasswordStrength, type Strength, type WeakReason } from './strength';
export { StrengthMeter } from './strength-meter';
