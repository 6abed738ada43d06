import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Page } from '@swx/shared';
import { useNftT } from '../../i18n';
import { nftPaths, viewOf, type NftView } from '../../paths';
import styles from './page.module.css';

const sections: { view: NftView; to: string; key: string }[] = [
  { view: 'gallery', to: nftPaths.gallery, key: 'nav.gallery' },
  { view: 'mine', to: nftPaths.mine, key: 'nav.mine' },
  { view: 'donations', to: nftPaths.donations, key: 'nav.donations' },
];

/**
 * The frame of every NFT page: the SDK's page, wide, with the module's section links above the heading. Plain links:
 * all three share the path `/nfts`, so react-router's NavLink would mark every one of them current.
 */
export function NftPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useNftT();
  const { view } = viewOf(new URLSearchParams(useLocation().search));
  const nav = (
    <nav aria-label={t('nav.sections')} className={styles.nav}>
      {sections.map((section) => (
        <Link
          key={section.view}
          to={section.to}
          className={styles.navLink}
          aria-current={section.view === view ? 'page' : undefined}
        >
          {t(section.key)}
        </Link>
      ))}
    </nav>
  );
  return (
    <Page width="wide" title={title} before={nav}>
      {children}
    </Page>
  );
}
