import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useRootStore } from '@swx/shared';
import { formStyles } from '../../components/form';
import { useAccountStrings } from '../../i18n';

/**
 * Withdrawals need a verified identity (the server's rule, on by default): say so before the form, with the
 * way to the verification on the loan page (`mf-loan`, issue 14), instead of letting the customer meet 10022.
 */
export const IdentityHint = observer(function IdentityHint() {
  const { t } = useAccountStrings();
  const status = useRootStore().session.userInfo?.kycStatus;
  if (!status || status === 'verified') return null;
  const pending = status === 'pending';
  return (
    <p className={formStyles.alert} role="note" data-testid="withdraw-identity-hint">
      {pending ? t('withdrawIdentity.pending') : t('withdrawIdentity.required')}{' '}
      <Link to="/loan?tab=verify">
        {pending ? t('withdrawIdentity.status') : t('withdrawIdentity.verify')}
      </Link>
    </p>
  );
});
