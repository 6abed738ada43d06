import { errors } from '@swx/shared/contract';
import { isAppError } from '../../../http/errors';
import type { CashierDeps } from '../../common';
import { Deposits } from '../../deposits';

// The reviewed form gives way to a watched network for the coin and network it took over, and only those.

const params: Record<string, string> = {
  deposit_min_usdt: '120',
  deposit_min_btc: '0.015',
  deposit_min_eth: '0.2',
  deposit_address_usdt_trc20: 'TDuG3LXyTggsXbxFccFRrnMUTJthJF9cqg',
  deposit_address_usdt_erc20: '0x1111111111111111111111111111111111111111',
  deposit_address_btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  deposit_address_eth: '0x2222222222222222222222222222222222222222',
};

function deposits(takenOver: string[]): Deposits {
  const deps = {
    params: { get: (key: string) => params[key] },
    chain: { takesOverForm: (coin: string, network: string) => takenOver.includes(`${coin}:${network}`) },
  } as unknown as CashierDeps;
  return new Deposits(deps, () => 0);
}

const customer = { userId: '1', mode: 'real' as const };
const body = {
  coin: 'USDT' as const,
  network: 'ERC20' as const,
  amount: '150',
  txHash: `0x${'a'.repeat(64)}`,
  proofImage: 'x'.repeat(32),
};

describe('the reviewed form beside watched networks', () => {
  it('offers every coin and network when nothing is watched', async () => {
    const options = await deposits([]).depositOptions();
    expect(options.coins.map((c) => [c.coin, c.networks.map((n) => n.network)])).toEqual([
      ['USDT', ['TRC20', 'ERC20']],
      ['BTC', ['BTC']],
      ['ETH', ['ETH']],
    ]);
  });

  it('neither offers nor accepts a coin and network a watched network took over', async () => {
    const form = deposits(['USDT:ERC20', 'ETH:ETH']);
    const options = await form.depositOptions();
    expect(options.coins.map((c) => [c.coin, c.networks.map((n) => n.network)])).toEqual([
      ['USDT', ['TRC20']],
      ['BTC', ['BTC']],
    ]);
    const refusal = await form.recharge(customer, body).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe(errors.coinOrNetworkUnsupported);
  });
});
