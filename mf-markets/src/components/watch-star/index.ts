export { WatchStar, signInPath } from './watch-star';
export { WatchlistStore, getWatchlist, useWatchlist, type ToggleOutcome } from './watchlist-store';
