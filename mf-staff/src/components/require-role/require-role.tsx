import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { EmptyState } from '@swx/shared';
import type { StaffRouteKey } from '@swx/shared/contract';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/**
 * Renders a screen only for members who may call the route that feeds it; the others read why. The server
 * refuses them anyway: this keeps the screen from offering what would be refused.
 */
export const RequireRole = observer(function RequireRole({
  needs,
  children,
}: {
  needs: StaffRouteKey | readonly StaffRouteKey[];
  children: ReactNode;
}) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  if (!session.canCallAny(needs))
    return <EmptyState title={t('roles.notAllowed')} description={t('roles.askAdmin')} />;
  return <>{children}</>;
});
