/**
 * The shell gives this module one path, `/nfts` (shell/src/routes/route-list.ts); its pages are told apart
 * by the query, so every page is still a link that can be shared and reloaded.
 */
export const nftPaths = {
  gallery: '/nfts',
  detail: (id: string) => `/nfts?id=${encodeURIComponent(id)}`,
  mine: '/nfts?view=mine',
  donations: '/nfts?view=donations',
};

export type NftView = 'gallery' | 'detail' | 'mine' | 'donations';

/** Which page a query asks for: an `id` is a listing; `view` names the others; anything else the gallery. */
export function viewOf(search: URLSearchParams): { view: NftView; id: string | null } {
  const id = search.get('id');
  if (id && /^[1-9][0-9]{0,18}$/.test(id)) return { view: 'detail', id };
  const view = search.get('view');
  if (view === 'mine' || view === 'donations') return { view, id: null };
  return { view: 'gallery', id: null };
}
