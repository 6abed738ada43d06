import type { Page } from '@playwright/test';

/**
 * What does not fit on the page as shown: the page wider than the window, an element sticking out of the
 * window, or text cut off by its own box without an ellipsis. Containers that scroll sideways on purpose
 * (tab strips, wide tables) and what they hold are left alone; so is what a hidden or clipping ancestor hides.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth > width + 1) problems.push(`the page is ${root.scrollWidth}px wide in ${width}px`);

    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = el.getAttribute('data-testid') ?? el.className.toString().split(' ')[0] ?? '';
      return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}> "${text}"`;
    };
    // An ancestor that scrolls or clips sideways: what is inside it is its own business (scrolling) or
    // reported on the ancestor itself (clipping).
    const containedSideways = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const hasOwnText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');

    // Only the outermost element that sticks out is named; its children go with it.
    const reported = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      if (el.parentElement && reported.has(el.parentElement)) {
        reported.add(el);
        continue;
      }
      const style = getComputedStyle(el);
      if (style.visibility !== 'visible' || style.display === 'contents') continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue; // visually hidden text for screen readers
      if (style.position === 'fixed' && (rect.right <= 0 || rect.left >= width)) continue; // closed drawer
      if (!containedSideways(el) && (rect.right > width + 1 || rect.left < -1)) {
        problems.push(`${describe(el)} reaches ${Math.round(rect.left)}..${Math.round(rect.right)}px`);
        reported.add(el);
        continue;
      }
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (
        clips &&
        hasOwnText(el) &&
        style.textOverflow !== 'ellipsis' &&
        el.scrollWidth > el.clientWidth + 1
      ) {
        problems.push(`${describe(el)} cuts its text: ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
    }
    return problems;
  });
}
