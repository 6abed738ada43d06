export { ChainNetworks } from './chain-networks';
export { ChainDepositList } from './chain-deposits';
export { useChainDeposits } from './use-chain-deposits';
