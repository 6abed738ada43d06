import type { ReactNode } from 'react';
import { Button } from '@swx/shared';
import { useStaffStrings } from '../../i18n';
import { pageStyles } from '../page';

/** Previous and next page buttons around what the list says about where it is. */
export function Pager({
  page,
  hasNext,
  onPage,
  children,
}: {
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  children?: ReactNode;
}) {
  const { t } = useStaffStrings();
  return (
    <div className={pageStyles.row}>
      <Button size="small" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('actions.previous')}
      </Button>
      {children}
      <Button size="small" variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('actions.next')}
      </Button>
    </div>
  );
}
