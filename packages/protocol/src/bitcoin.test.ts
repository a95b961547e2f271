import { expect, test } from 'vitest'
import * as exports from './bitcoin'

// Pins `@airlock/protocol/bitcoin`'s runtime names, as exports.test.ts does the main entry's.
test('behavior: the bitcoin entry exports exactly these names', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "BitcoinAddressError",
      "BitcoinSignatureError",
      "bip322MessageHash",
      "bip322Signature",
      "bip322ToSign",
      "bitcoinAddressType",
      "bitcoinCaipNetworkIds",
      "bitcoinNetworkLabel",
      "bitcoinNetworkNames",
      "bitcoinNetworkOf",
      "bitcoinNetworkParams",
      "bitcoinSignedMessageHash",
      "bitcoinWalletChain",
      "decodeBitcoinAddress",
      "purposeOfAddress",
      "verifyBitcoinMessage",
    ]
  `)
})
