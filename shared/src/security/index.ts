export { StepUpDialog, type StepUpDialogProps } from './step-up-dialog';
export { useStepUp, StepUpCancelled, isStepUpCancelled } from './use-step-up';
export { passkeyAssertion, passkeyRegistration, passkeyCancelled, passkeysSupported } from './passkey';
