import type { ReactNode } from 'react';
import { Button, formatNumber } from '@swx/shared';
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

/**
 * The pager of a list answered a page at a time (`{total}`), shown only when there is more than one page,
 * with "page x of y (n …)" in the list's own words (`pageOf`: a key taking `page`, `pages` and `total`).
 */
export function PagesOf({
  page,
  pageSize,
  total,
  onPage,
  pageOf,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  pageOf: (values: { page: string; pages: string; total: string }) => string;
}) {
  if (total <= pageSize) return null;
  return (
    <Pager page={page} hasNext={page * pageSize < total} onPage={onPage}>
      <span>
        {pageOf({
          page: formatNumber(page),
          pages: formatNumber(Math.ceil(total / pageSize)),
          total: formatNumber(total),
        })}
      </span>
    </Pager>
  );
}
