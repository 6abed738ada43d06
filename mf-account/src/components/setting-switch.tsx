import { useState } from 'react';
import { Button, Modal, messageForError, toaster } from '@swx/shared';
import { useAccountStrings } from '../i18n';

export interface SwitchConfirmation {
  title: string;
  text: string;
  /** The confirming button's label; "Confirm" when left out. */
  label?: string;
  danger?: boolean;
}

/**
 * A setting that switches between two states: the current state in words, a button for the other one and,
 * when the switch needs one, a confirmation that explains what changes. `onSwitch` does the change and
 * answers the success message; a refusal is shown with its catalogue message and nothing changes here.
 */
export function SettingSwitch({
  state,
  stateTestId,
  actionLabel,
  confirmation,
  onSwitch,
}: {
  state: string;
  stateTestId?: string;
  actionLabel: string;
  confirmation: SwitchConfirmation | null;
  onSwitch: () => Promise<string>;
}) {
  const { t } = useAccountStrings();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      toaster.show(await onSwitch(), { tone: 'success' });
      setConfirming(false);
    } catch (error) {
      toaster.show(messageForError(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p style={{ margin: 0 }} data-testid={stateTestId}>
        {state}
      </p>
      <Button
        variant="secondary"
        loading={busy && !confirming}
        onClick={() => (confirmation ? setConfirming(true) : void run())}
      >
        {actionLabel}
      </Button>
      {confirmation ? (
        <Modal
          open={confirming}
          onClose={() => setConfirming(false)}
          title={confirmation.title}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                {t('actions.cancel')}
              </Button>
              <Button
                variant={confirmation.danger ? 'danger' : 'primary'}
                onClick={() => void run()}
                loading={busy}
              >
                {confirmation.label ?? t('actions.confirm')}
              </Button>
            </>
          }
        >
          <p>{confirmation.text}</p>
        </Modal>
      ) : null}
    </>
  );
}
