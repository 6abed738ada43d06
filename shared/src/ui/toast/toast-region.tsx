import { observer } from 'mobx-react-lite';
import styles from './toast.module.css';
import { toaster, type ToastStore } from './toast-store';

/**
 * Where toasts appear; the shell renders one. The live regions exist before any toast does, so screen
 * readers announce each new message (errors assertively, the rest politely).
 */
export const ToastRegion = observer(function ToastRegion({ store = toaster }: { store?: ToastStore }) {
  const polite = store.items.filter((item) => item.tone !== 'error');
  const urgent = store.items.filter((item) => item.tone === 'error');
  return (
    <div className={styles.region}>
      <div role="status" aria-live="polite">
        {polite.map((item) => (
          <div
            key={item.id}
            className={[styles.toast, item.tone === 'success' ? styles.success : ''].join(' ')}
          >
            {item.message}
          </div>
        ))}
      </div>
      <div role="alert" aria-live="assertive">
        {urgent.map((item) => (
          <div key={item.id} className={[styles.toast, styles.error].join(' ')}>
            {item.message}
          </div>
        ))}
      </div>
    </div>
  );
});
