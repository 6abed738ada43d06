import type { AccountEvent } from '@swx/shared';
import { NftLiveStore, type NftNotice } from './nft-live-store';

function fakeSocket() {
  const listeners = new Set<(event: AccountEvent) => void>();
  return {
    socket: {
      onAccountEvent(listener: (event: AccountEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    emit: (event: AccountEvent) => listeners.forEach((listener) => listener(event)),
    count: () => listeners.size,
  };
}

const summary = {
  id: '7',
  currentBid: '120',
  nextMinimumBid: '126',
  bidCount: 2,
  endsAt: '2026-11-23T12:00:00.000Z',
};

afterEach(() => jest.useRealTimers());

test('bid events overlay the loaded listing; an older event never replaces a newer one', () => {
  const live = new NftLiveStore();
  const { socket, emit } = fakeSocket();
  live.start({ socket } as never);
  emit({
    type: 'nft.bid',
    nftId: '7',
    currentBid: '150',
    nextMinimumBid: '157.5',
    bidCount: 4,
    endsAt: '2026-11-23T12:05:00.000Z',
  });
  emit({
    type: 'nft.bid',
    nftId: '7',
    currentBid: '130',
    nextMinimumBid: '136.5',
    bidCount: 3,
    endsAt: '2026-11-23T12:00:00.000Z',
  });
  expect(live.current(summary)).toMatchObject({
    currentBid: '150',
    bidCount: 4,
    endsAt: '2026-11-23T12:05:00.000Z',
  });
  // A listing loaded after the event (more bids than the event knew) wins.
  expect(live.current({ ...summary, currentBid: '170', bidCount: 5 }).currentBid).toBe('170');
  // Malformed frames are ignored.
  emit({ type: 'nft.bid', nftId: 7, currentBid: 1 });
  expect(live.bids.size).toBe(1);
  live.stop();
});

test('notices about the customer’s NFT bids reach listeners and bump the account version; others do not', () => {
  const live = new NftLiveStore();
  const { socket, emit, count } = fakeSocket();
  live.start({ socket } as never);
  const notices: NftNotice[] = [];
  const stop = live.onNotice((notice) => notices.push(notice));
  emit({ type: 'notification', kind: 'deposit.approved', params: {} });
  emit({ type: 'notification', kind: 'nft.outbid', params: { title: 'Paper Crane' }, referenceId: '7' });
  expect(notices).toEqual([{ kind: 'nft.outbid', nftId: '7', params: { title: 'Paper Crane' } }]);
  expect(live.accountVersion).toBe(1);
  stop();
  live.stop();
  expect(count()).toBe(0);
});

test('countdowns follow the server’s clock, learnt from an answer’s remaining seconds', () => {
  jest.useFakeTimers({ now: Date.parse('2026-11-23T11:00:00.000Z') });
  const live = new NftLiveStore();
  const { socket } = fakeSocket();
  live.start({ socket } as never);
  // The server says 30 minutes are left on an auction ending at 12:00: its clock is 30 minutes ahead.
  live.learnOffset('2026-11-23T12:00:00.000Z', 1800);
  expect(live.remainingMs('2026-11-23T12:00:00.000Z')).toBe(1_800_000);
  jest.advanceTimersByTime(5000);
  expect(live.remainingMs('2026-11-23T12:00:00.000Z')).toBe(1_795_000);
  live.stop();
});

test('an answer that arrives between two ticks never shows more time than the server said was left', () => {
  jest.useFakeTimers({ now: Date.parse('2026-11-23T11:00:00.000Z') });
  const live = new NftLiveStore();
  live.start({ socket: fakeSocket().socket } as never);
  // The page clock last ticked at 11:00:00.000; the answer arrives 900 ms later saying one hour is left.
  jest.setSystemTime(Date.parse('2026-11-23T11:00:00.900Z'));
  live.learnOffset('2026-11-23T12:00:00.900Z', 3600);
  expect(live.remainingMs('2026-11-23T12:00:00.900Z')).toBe(3_600_000);
  live.stop();
});

test('a settled auction is remembered by id; malformed settlement frames are ignored', () => {
  const live = new NftLiveStore();
  const { socket, emit } = fakeSocket();
  live.start({ socket } as never);
  emit({ type: 'nft.settled', nftId: '7', outcome: 'sold' });
  emit({ type: 'nft.settled', nftId: '8', outcome: 'maybe' });
  expect([...live.settled.entries()]).toEqual([['7', 'sold']]);
  live.stop();
});
