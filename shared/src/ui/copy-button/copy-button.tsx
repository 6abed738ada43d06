import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../button';
import { toaster } from '../toast/toast-store';

/** Writes text to the clipboard; the old `execCommand` path covers pages served without HTTPS. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext !== false) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy refused');
  } finally {
    area.remove();
  }
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What gets copied: an address, an invite link, a transaction hash. */
  text: string;
  /** The button's text; defaults to "Copy". */
  children?: ButtonProps['children'];
}

/** Copies `text` and says whether it worked (the seed's "copy success" / "copy error"). */
export function CopyButton({
  text,
  children,
  variant = 'secondary',
  size = 'small',
  ...rest
}: CopyButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Button
      {...rest}
      variant={variant}
      size={size}
      onClick={async () => {
        try {
          await copyText(text);
          toaster.show(t('copy.success'), { tone: 'success' });
        } catch {
          toaster.show(t('copy.error'), { tone: 'error' });
        }
      }}
    >
      {children ?? t('copy.action')}
    </Button>
  );
}
