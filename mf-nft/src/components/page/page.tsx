import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useNftT } from '../../i18n';
import { nftPaths, viewOf, type NftView } from '../../paths';
import styles from './page.module.css';

const sections: { view: NftView; to: string; key: string }[] = [
  { view: 'gallery', to: nftPaths.gallery, key: 'nav.gallery' },
  { view: 'mine', to: nftPaths.mine, key: 'nav.mine' },
  { view: 'donations', to: nftPaths.donations, key: 'nav.donations' },
];

/**
 * The frame of every NFT page: the module's section links, the heading, the content column. Plain links:
 * all three share the path `/nfts`, so react-router's NavLink would mark every one of them current.
 */
export function NftPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useNftT();
  const { view } = viewOf(new URLSearchParams(useLocation().search));
  return (
    <div className={styles.page}>
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
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}

/** A titled block inside a page. */
export function Section({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
