import { CopyButton } from '@swx/shared';
import styles from './address-box.module.css';

interface AddressBoxProps {
  label: string;
  value: string;
  /** The value as a QR code (an SVG data URL the server drew). */
  qrCode?: string;
  qrAlt?: string;
  copyLabel: string;
}

/** An address or link the customer copies or scans: the text, a copy button and the QR code. */
export function AddressBox({ label, value, qrCode, qrAlt, copyLabel }: AddressBoxProps) {
  return (
    <div className={styles.box}>
      {qrCode ? (
        <img className={styles.qr} src={qrCode} alt={qrAlt ?? label} width={160} height={160} />
      ) : null}
      <div className={styles.text}>
        <span className={styles.label}>{label}</span>
        <code className={styles.value} dir="ltr">
          {value}
        </code>
        <CopyButton text={value} aria-label={copyLabel}>
          {copyLabel}
        </CopyButton>
      </div>
    </div>
  );
}
