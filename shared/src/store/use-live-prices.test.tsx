import { render } from '@testing-library/react';
import { createRootStore, setRootStore } from './root-store';
import { useLivePrices } from './use-live-prices';

function Watcher({ codes }: { codes: string[] }) {
  useLivePrices(codes);
  return null;
}

afterEach(() => setRootStore(null));

describe('useLivePrices', () => {
  it('subscribes while mounted, shares codes between screens and lets go on unmount', () => {
    const root = createRootStore({ language: 'en', navigate: () => undefined });
    const first = render(<Watcher codes={['BTCUSDT', 'ETHUSDT']} />);
    const second = render(<Watcher codes={['BTCUSDT']} />);
    expect(root.socket.subscribedCodes.sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    first.unmount();
    expect(root.socket.subscribedCodes).toEqual(['BTCUSDT']);
    second.rerender(<Watcher codes={['SOLUSDT']} />);
    expect(root.socket.subscribedCodes).toEqual(['SOLUSDT']);
    second.rerender(<Watcher codes={[]} />);
    expect(root.socket.subscribedCodes).toEqual([]);
    root.dispose();
  });
});
