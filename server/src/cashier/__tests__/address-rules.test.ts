import { isValidAddress } from '../rules';

// Addresses from the BIPs and well-known chain records; each invalid one differs from a valid one by the one
// property named.
describe('withdrawal addresses per network', () => {
  test.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['ETH', '0xd909038e5914b96875867923fa30ca41081994ac'],
    ['ERC20', '0x5FbDB2315678afecb367f032d93F642f64180aa3'],
  ] as const)('%s %s is accepted', (network, address) => {
    expect(isValidAddress(network, address)).toBe(true);
  });

  test.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'checksum'],
    ['TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'a Bitcoin address on TRON'],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bech32 checksum'],
    ['BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mixed case'],
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
    ['BTC', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'v1 with bech32'],
    ['ETH', '0x5FbDB2315678afecb367f032d93F642f64180aa4', 'EIP-55 checksum'],
    ['ETH', '0xd909038e5914b96875867923fa30ca41081994a', 'length'],
    ['ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a TRON address on Ethereum'],
  ] as const)('%s %s is refused (%s)', (network, address, _reason) => {
    expect(isValidAddress(network, address)).toBe(false);
  });
});
