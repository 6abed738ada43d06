/**
 * Where a business record is seen: the page of the module that owns it, with the record selected where that
 * page can select one. Notifications and transaction records link through this one table.
 */
export const referencePages: Record<string, (id: string | null) => string> = {
  deposit: () => '/profile/deposit',
  // A transfer from the chain: the deposit page lists them with their confirmations.
  chain_deposit: () => '/profile/deposit',
  withdrawal: () => '/profile/withdraw',
  // Orders open on their execution receipt in the trading module.
  spot_order: (id) => (id ? `/trading?receipt=spot:${encodeURIComponent(id)}` : '/trading'),
  margin_position: (id) => (id ? `/trading?receipt=margin:${encodeURIComponent(id)}` : '/trading'),
  option: (id) => (id ? `/trading?receipt=option:${encodeURIComponent(id)}` : '/trading'),
  plan: () => '/trading?tab=plans',
  kyc: () => '/loan?tab=verify',
  loan: (id) => (id ? `/loan?tab=loans&loan=${encodeURIComponent(id)}` : '/loan?tab=loans'),
  nft: (id) => (id ? `/nfts?id=${encodeURIComponent(id)}` : '/nfts'),
  nft_bid: () => '/nfts',
  // A data download: its section of the Security page.
  privacy_export: () => '/profile/security#security-data',
};

export function referencePage(type: string | null, id: string | null): string | null {
  const page = type ? referencePages[type] : undefined;
  return page ? page(id) : null;
}
