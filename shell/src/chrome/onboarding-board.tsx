import { useEffect, useRef, useState } from 'react';
import { untracked } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@swx/shared';
import { useShell } from '../shell-context';
import { boardDestination, shouldShowBoard } from './onboarding';
import { MOBILE_QUERY, useMediaQuery } from './use-media-query';
import styles from './chrome.module.css';

/** The welcome board shown once per browser session on the mobile layout (seed §2). */
export const OnboardingBoard = observer(function OnboardingBoard() {
  const { root } = useShell();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // Decided in the first render, not in an effect: the board is the largest thing a first visit on a phone
  // paints, and a second render pass before it appears would delay that paint (LCP).
  const [visible, setVisible] = useState(() =>
    shouldShowBoard({ isMobile, showBoard: untracked(() => root.settings.showBoard), pathname }),
  );
  const continueButton = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Remembered as soon as it appears, so a reload in the same session does not show it again.
    if (visible) {
      if (root.settings.showBoard) root.settings.hideBoard();
      return;
    }
    if (!shouldShowBoard({ isMobile, showBoard: root.settings.showBoard, pathname })) return;
    root.settings.hideBoard();
    setVisible(true);
  }, [isMobile, pathname, root, visible]);

  useEffect(() => {
    if (visible) continueButton.current?.querySelector('button')?.focus();
  }, [visible]);

  if (!visible) return null;
  const leave = (choice: 'continue' | 'skip') => {
    setVisible(false);
    const destination = boardDestination(choice, root.session.isLoggedIn);
    if (destination) navigate(destination);
  };
  return (
    <div className={styles.boardBackdrop} onKeyDown={(event) => event.key === 'Escape' && leave('skip')}>
      <section
        className={styles.board}
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-title"
        data-testid="onboarding-board"
      >
        <h2 id="onboarding-title">{t('board.title')}</h2>
        <ul className={styles.boardPoints}>
          <li>{t('board.markets')}</li>
          <li>{t('board.demo')}</li>
          <li>{t('board.risk')}</li>
        </ul>
        <div className={styles.boardActions} ref={continueButton}>
          <Button onClick={() => leave('continue')}>{t('board.continue')}</Button>
          <Button variant="secondary" onClick={() => leave('skip')}>
            {t('board.skip')}
          </Button>
        </div>
      </section>
    </div>
  );
});
