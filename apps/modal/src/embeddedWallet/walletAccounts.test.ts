/**
 * The embedded wallet's accounts against published vectors: the BIP-39 phrase of 32 zero bytes
 * with the addresses other wallets give it, SLIP-0010's own ed25519 vectors, and, for random
 * secrets, a second derivation (viem's phrase import, and Node's own HMAC, PBKDF2 and ed25519).
 */
import { createHmac, createPrivateKey, createPublicKey, pbkdf2Sync } from 'node:crypto'
import { getAddressEncoder } from '@solana/kit'
import { HDKey as Ed25519HDKey } from 'micro-key-producer/slip10.js'
import { toHex } from 'viem'
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { deriveWalletAccounts, walletDerivationPaths, walletMnemonic } from './walletAccounts'
import { createWalletSecret } from './walletSecret'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/**
 * The Solana key at m/44'/501'/0'/0' of a phrase, by Node's crypto alone: BIP-39's PBKDF2 seed,
 * SLIP-0010's HMAC-SHA512 chain (key 'ed25519 seed', then hardened children: 0x00 ‖ key ‖ index),
 * and the ed25519 public key of the last private key.
 */
function solanaKeyByNode(mnemonic: string) {
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  let node = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const index of [44, 501, 0, 0]) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32)
    data.writeUInt32BE(index + 0x8000_0000, 33)
    node = createHmac('sha512', node.subarray(32)).update(data).digest()
  }
  const privateKey = node.subarray(0, 32)
  // PKCS #8 of an Ed25519 private key (RFC 8410): a fixed 16-byte header, then the 32 bytes.
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), privateKey])
  const jwk = createPublicKey(
    createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
  ).export({ format: 'jwk' })
  return { privateKey, publicKey: Buffer.from(jwk.x!, 'base64url') }
}

describe('walletMnemonic', () => {
  test('behavior: 32 zero bytes are the 24-word BIP-39 test phrase (23 × abandon, art)', () => {
    expect(walletMnemonic(new Uint8Array(32))).toBe(`${'abandon '.repeat(23)}art`)
  })

  test('behavior: 32 bytes of 0x7f are BIP-39’s 24-word "legal winner … vote" vector', () => {
    // BIP-39's reference vectors (trezor/python-mnemonic vectors.json), entropy 7f × 32.
    expect(walletMnemonic(new Uint8Array(32).fill(0x7f))).toBe(
      'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title',
    )
  })

  test('behavior: a random secret is 24 words', () => {
    expect(walletMnemonic(createWalletSecret()).split(' ')).toHaveLength(24)
  })

  test('behavior: only a 32-byte secret has words', () => {
    expect(() => walletMnemonic(new Uint8Array(16))).toThrow('A wallet secret is 32 bytes.')
  })
})

describe('deriveWalletAccounts', () => {
  test('behavior: the test phrase gives the addresses wallets give it', () => {
    // Published for "abandon × 23, art" at these paths by wallets and libraries that share no
    // code with this one (NBitcoin and Nethereum, Dart and Haskell wallets, among others).
    const { evm, solana } = deriveWalletAccounts(new Uint8Array(32))
    expect(walletDerivationPaths).toEqual({ evm: "m/44'/60'/0'/0/0", solana: "m/44'/501'/0'/0'" })
    expect(evm.address).toBe('0xF278cF59F82eDcf871d630F28EcC8056f25C1cdb')
    expect(solana.address).toBe('3Cy3YNTFywCmxoxt8n7UH6hg6dLo5uACowX3CFceaSnx')
  })

  test('behavior: each private key is the key of its address', () => {
    const { evm, solana } = deriveWalletAccounts(createWalletSecret())
    expect(evm.privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAddress(evm.privateKey)).toBe(evm.address)
    expect(solana.secretKey).toHaveLength(64)
    expect(solana.secretKey.subarray(32)).toEqual(
      new Uint8Array(getAddressEncoder().encode(solana.address)),
    )
  })

  test('behavior: the EVM account is the one MetaMask finds when the 24 words are imported', () => {
    // viem's own import of a phrase (mnemonicToAccount, first account): what MetaMask does.
    for (let round = 0; round < 3; round++) {
      const secret = createWalletSecret()
      const imported = mnemonicToAccount(walletMnemonic(secret))
      const { evm } = deriveWalletAccounts(secret)
      expect(evm.address).toBe(imported.address)
      expect(evm.privateKey).toBe(toHex(imported.getHdKey().privateKey!))
    }
  })

  test('behavior: the Solana account is the one a second SLIP-0010 derivation finds', () => {
    for (let round = 0; round < 3; round++) {
      const secret = createWalletSecret()
      const { privateKey, publicKey } = solanaKeyByNode(walletMnemonic(secret))
      const { solana } = deriveWalletAccounts(secret)
      expect(hex(solana.secretKey)).toBe(hex(privateKey) + hex(publicKey))
    }
    const zero = solanaKeyByNode(walletMnemonic(new Uint8Array(32)))
    expect(hex(deriveWalletAccounts(new Uint8Array(32)).solana.secretKey.subarray(32))).toBe(
      hex(zero.publicKey),
    )
  })

  test('behavior: one secret always gives the same accounts, two secrets different ones', () => {
    const secret = createWalletSecret()
    const first = deriveWalletAccounts(secret)
    expect(deriveWalletAccounts(secret.slice())).toEqual(first)
    const other = deriveWalletAccounts(createWalletSecret())
    expect(other.evm.address).not.toBe(first.evm.address)
    expect(other.solana.address).not.toBe(first.solana.address)
  })

  test('behavior: the secret is left as it was', () => {
    const secret = createWalletSecret()
    const copy = secret.slice()
    deriveWalletAccounts(secret)
    expect(secret).toEqual(copy)
  })

  test('behavior: only a 32-byte secret has accounts', () => {
    expect(() => deriveWalletAccounts(new Uint8Array(31))).toThrow('A wallet secret is 32 bytes.')
  })
})

describe('SLIP-0010 ed25519, as micro-key-producer derives it', () => {
  // SLIP-0010's test vectors 1 and 2 for ed25519 (satoshilabs/slips, slip-0010.md): each chain's
  // chain code, private key and public key (with SLIP-0010's 0x00 prefix).
  const vectors = [
    {
      seed: '000102030405060708090a0b0c0d0e0f',
      chains: [
        [
          'm',
          '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
          '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
          '00a4b2856bfec510abab89753fac1ac0e1112364e7d250545963f135f2a33188ed',
        ],
        [
          "m/0'",
          '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
          '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
          '008c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
        ],
        [
          "m/0'/1'",
          'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
          'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
          '001932a5270f335bed617d5b935c80aedb1a35bd9fc1e31acafd5372c30f5c1187',
        ],
        [
          "m/0'/1'/2'",
          '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
          '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
          '00ae98736566d30ed0e9d2f4486a64bc95740d89c7db33f52121f8ea8f76ff0fc1',
        ],
        [
          "m/0'/1'/2'/2'",
          '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
          '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
          '008abae2d66361c879b900d204ad2cc4984fa2aa344dd7ddc46007329ac76c429c',
        ],
        [
          "m/0'/1'/2'/2'/1000000000'",
          '68789923a0cac2cd5a29172a475fe9e0fb14cd6adb5ad98a3fa70333e7afa230',
          '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
          '003c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
        ],
      ],
    },
    {
      seed: 'fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542',
      chains: [
        [
          'm',
          'ef70a74db9c3a5af931b5fe73ed8e1a53464133654fd55e7a66f8570b8e33c3b',
          '171cb88b1b3c1db25add599712e36245d75bc65a1a5c9e18d76f9f2b1eab4012',
          '008fe9693f8fa62a4305a140b9764c5ee01e455963744fe18204b4fb948249308a',
        ],
        [
          "m/0'",
          '0b78a3226f915c082bf118f83618a618ab6dec793752624cbeb622acb562862d',
          '1559eb2bbec5790b0c65d8693e4d0875b1747f4970ae8b650486ed7470845635',
          '0086fab68dcb57aa196c77c5f264f215a112c22a912c10d123b0d03c3c28ef1037',
        ],
        [
          "m/0'/2147483647'",
          '138f0b2551bcafeca6ff2aa88ba8ed0ed8de070841f0c4ef0165df8181eaad7f',
          'ea4f5bfe8694d8bb74b7b59404632fd5968b774ed545e810de9c32a4fb4192f4',
          '005ba3b9ac6e90e83effcd25ac4e58a1365a9e35a3d3ae5eb07b9e4d90bcf7506d',
        ],
        [
          "m/0'/2147483647'/1'",
          '73bd9fff1cfbde33a1b846c27085f711c0fe2d66fd32e139d3ebc28e5a4a6b90',
          '3757c7577170179c7868353ada796c839135b3d30554bbb74a4b1e4a5a58505c',
          '002e66aa57069c86cc18249aecf5cb5a9cebbfd6fadeab056254763874a9352b45',
        ],
        [
          "m/0'/2147483647'/1'/2147483646'",
          '0902fe8a29f9140480a00ef244bd183e8a13288e4412d8389d140aac1794825a',
          '5837736c89570de861ebc173b1086da4f505d4adb387c6a1b1342d5e4ac9ec72',
          '00e33c0f7d81d843c572275f287498e8d408654fdf0d1e065b84e2e6f157aab09b',
        ],
        [
          "m/0'/2147483647'/1'/2147483646'/2'",
          '5d70af781f3a37b829f0d060924d5e960bdc02e85423494afc0b1a41bbe196d4',
          '551d333177df541ad876a60ea71f00447931c0a9da16f227c11ea080d7391b8d',
          '0047150c75db263559a70d5778bf36abbab30fb061ad69f69ece61a72b0cfa4fc0',
        ],
      ],
    },
  ]

  for (const [number, { seed, chains }] of vectors.entries()) {
    test(`behavior: test vector ${number + 1} for ed25519`, () => {
      const master = Ed25519HDKey.fromMasterSeed(seed)
      for (const [path, chainCode, privateKey, publicKey] of chains) {
        const key = master.derive(path!)
        expect([path, hex(key.chainCode), hex(key.privateKey), hex(key.publicKey)]).toEqual([
          path,
          chainCode,
          privateKey,
          publicKey,
        ])
      }
    })
  }

  test('behavior: a path that is not hardened throughout is refused', () => {
    expect(() =>
      Ed25519HDKey.fromMasterSeed(new Uint8Array(32)).derive("m/44'/501'/0'/0"),
    ).toThrow()
  })
})
