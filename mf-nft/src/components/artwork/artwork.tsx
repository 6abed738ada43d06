import { artworkSrc } from '../../api';
import styles from './artwork.module.css';

/** The listing's picture, square, described by its title; lazy below the fold. */
export function Artwork({
  imageUrl,
  alt,
  eager = false,
}: {
  imageUrl: string;
  alt: string;
  eager?: boolean;
}) {
  return (
    <div className={styles.frame}>
      <img
        className={styles.image}
        src={artworkSrc(imageUrl)}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        width={512}
        height={512}
      />
    </div>
  );
}
