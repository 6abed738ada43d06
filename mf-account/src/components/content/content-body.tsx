import styles from './content.module.css';

/**
 * A content item's HTML. The server sanitises it with a strict allow-list before it leaves
 * (`server/src/content/sanitize.ts`), which is what makes rendering it as HTML safe here.
 */
export function ContentBody({ html }: { html: string }) {
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
