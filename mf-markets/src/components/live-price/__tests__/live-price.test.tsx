import { render, screen } from '@testing-library/react';
import { LivePrice } from '../live-price';

const shown = () => screen.getByTestId('price');

test('flashes up or down when the feed moves the price, and restarts the flash on each move', () => {
  const { rerender } = render(
    <LivePrice value="100" testId="price">
      100
    </LivePrice>,
  );
  expect(shown()).not.toHaveAttribute('data-move');

  rerender(
    <LivePrice value="101" testId="price">
      101
    </LivePrice>,
  );
  expect(shown()).toHaveAttribute('data-move', 'up');
  const firstFlash = shown().className;

  rerender(
    <LivePrice value="102" testId="price">
      102
    </LivePrice>,
  );
  expect(shown()).toHaveAttribute('data-move', 'up');
  // A second rise swaps to the twin class, so the CSS animation plays again.
  expect(shown().className).not.toBe(firstFlash);

  rerender(
    <LivePrice value="99.5" testId="price">
      99.5
    </LivePrice>,
  );
  expect(shown()).toHaveAttribute('data-move', 'down');
  expect(shown().className).toMatch(/down/);
});

test('an unchanged or missing price does not flash', () => {
  const { rerender } = render(
    <LivePrice value={null} testId="price">
      —
    </LivePrice>,
  );
  rerender(
    <LivePrice value="100" testId="price">
      100
    </LivePrice>,
  );
  expect(shown()).not.toHaveAttribute('data-move');
  rerender(
    <LivePrice value="100" testId="price">
      100
    </LivePrice>,
  );
  expect(shown()).not.toHaveAttribute('data-move');
});
