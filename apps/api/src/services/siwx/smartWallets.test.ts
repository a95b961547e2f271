// Sign-in verification against smart-contract wallets on a real anvil: viem's `verifyMessage` and
// `verifySiweMessage` accept an ERC-1271 wallet's owner signature once the wallet is deployed, and
// an ERC-6492 signature (factory call + owner signature) while it is only a CREATE2 address. The
// wallet and factory are devchain's DevSmartWallet and DevSmartWalletFactory.
import {
  type Address,
  concat,
  createPublicClient,
  type Hex,
  hashMessage,
  hexToBigInt,
  http,
  numberToHex,
  pad,
  parseSignature,
  serializeSignature,
  zeroHash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devAccounts, devChainContracts, seedDevChain } from '../../../../../devchain/seed.mjs'
import {
  counterfactualSignature,
  deploySmartWallet,
  deploySmartWalletFactory,
  smartWalletAddress,
  smartWalletArtifacts,
} from '../../../../../devchain/smartWallets.mjs'
import { type Anvil, startAnvil } from '../indexer/testing/anvil'

// Anvil's well-known dev keys (mnemonic "test test … junk"): public, for local chains only.
const devKeys = {
  1: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  2: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  3: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
} as const
const owner = privateKeyToAccount(devKeys[1])
const stranger = privateKeyToAccount(devKeys[2])
// The seed never sends from account #3, so this factory leaves the seed's addresses alone.
const factoryDeployer = privateKeyToAccount(devKeys[3])

const message = 'Sign in to Airlock'
const secp256k1Order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const salt = (n: number): Hex => pad(`0x${n.toString(16)}`, { size: 32 })

let anvil: Anvil
let factory: Address
let seedResult: Awaited<ReturnType<typeof seedDevChain>>

// Anvil start plus the seed's ~25 transactions: the config's 60 s hookTimeout covers both.
beforeAll(async () => {
  anvil = await startAnvil()
  // Seeded while the chain is fresh, which is when the seed's addresses are fixed.
  seedResult = await seedDevChain({ rpcUrl: anvil.rpcUrl })
  factory = await deploySmartWalletFactory({ rpcUrl: anvil.rpcUrl, deployer: factoryDeployer })
})
afterAll(() => anvil?.stop())

const chain = () => createPublicClient({ transport: http(anvil.rpcUrl), cacheTime: 0 })

describe('a deployed smart wallet (ERC-1271)', () => {
  let wallet: Address
  beforeAll(async () => {
    wallet = await deploySmartWallet({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: salt(1),
      sender: devAccounts.carol,
    })
  })

  test("behavior: the owner's signature verifies for the wallet's address", async () => {
    expect(await chain().getCode({ address: wallet })).toBeDefined()
    const signature = await owner.signMessage({ message })
    expect(await chain().verifyMessage({ address: wallet, message, signature })).toBe(true)
  })

  test('error: a signature by another key does not verify for the wallet', async () => {
    const signature = await stranger.signMessage({ message })
    expect(await chain().verifyMessage({ address: wallet, message, signature })).toBe(false)
  })

  test('error: a malformed, malleated or wrong-v signature is answered invalid, not a revert', async () => {
    const hash = hashMessage(message)
    const signature = await owner.signMessage({ message })
    const { r, s, yParity } = parseSignature(signature)
    // The same signature with s in the upper half: ecrecover still returns the owner.
    const twin = serializeSignature({
      r,
      s: numberToHex(secp256k1Order - hexToBigInt(s), { size: 32 }),
      yParity: 1 - yParity,
    })
    const answer = (candidate: Hex) =>
      chain().readContract({
        address: wallet,
        abi: smartWalletArtifacts.wallet.abi,
        functionName: 'isValidSignature',
        args: [hash, candidate],
      })
    expect(await answer(signature)).toBe('0x1626ba7e')
    expect(await answer('0x1234')).toBe('0xffffffff')
    expect(await answer(twin)).toBe('0xffffffff')
    expect(await answer(concat([r, s, `0x0${yParity}`]))).toBe('0xffffffff')
  })

  test('behavior: deploying the same owner and salt again returns the same wallet', async () => {
    const again = await deploySmartWallet({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: salt(1),
      sender: devAccounts.carol,
    })
    expect(again).toBe(wallet)
  })
})

describe('a counterfactual smart wallet (ERC-6492)', () => {
  const wrapped = async (signer: typeof owner, walletSalt: Hex) =>
    counterfactualSignature({
      factory,
      owner: owner.address,
      salt: walletSalt,
      signature: await signer.signMessage({ message }),
    })

  test('behavior: the wrapped owner signature verifies and the wallet stays undeployed', async () => {
    const address = await smartWalletAddress({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: salt(2),
    })
    expect(await chain().getCode({ address })).toBeUndefined()

    const signature = await wrapped(owner, salt(2))
    expect(await chain().verifyMessage({ address, message, signature })).toBe(true)
    // The verifier deploys the wallet inside an eth_call only.
    expect(await chain().getCode({ address })).toBeUndefined()
  })

  test("error: another key's signature, wrapped the same way, does not verify", async () => {
    const address = await smartWalletAddress({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: salt(3),
    })
    const signature = await wrapped(stranger, salt(3))
    expect(await chain().verifyMessage({ address, message, signature })).toBe(false)
  })

  test('behavior: a SIWE message signed for the counterfactual wallet verifies', async () => {
    const address = await smartWalletAddress({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: owner.address,
      salt: salt(4),
    })
    const siweMessage = createSiweMessage({
      address,
      chainId: await chain().getChainId(),
      domain: 'localhost',
      nonce: 'airlock1234',
      uri: 'http://localhost/',
      version: '1',
    })
    const signature = counterfactualSignature({
      factory,
      owner: owner.address,
      salt: salt(4),
      signature: await owner.signMessage({ message: siweMessage }),
    })
    expect(await chain().verifySiweMessage({ message: siweMessage, signature })).toBe(true)
    expect(await chain().getCode({ address })).toBeUndefined()
  })
})

describe('the dev-chain seed', () => {
  test("behavior: the seed puts the factory and account #1's wallet at their fixed addresses", async () => {
    const { smartWalletFactory, smartWallet } = devChainContracts
    expect(seedResult.contracts).toMatchObject({ smartWalletFactory, smartWallet })
    expect(await chain().getCode({ address: smartWalletFactory })).toBeDefined()
    expect(await chain().getCode({ address: smartWallet })).toBeDefined()
    expect(
      await smartWalletAddress({
        rpcUrl: anvil.rpcUrl,
        factory: smartWalletFactory,
        owner: devAccounts.bob,
        salt: zeroHash,
      }),
    ).toBe(smartWallet)
    const walletOwner = await chain().readContract({
      address: smartWallet,
      abi: smartWalletArtifacts.wallet.abi,
      functionName: 'owner',
    })
    expect(walletOwner).toBe(devAccounts.bob)
  })

  test('behavior: rerunning the seed on the seeded chain sends nothing', async () => {
    const block = await chain().getBlockNumber()
    expect((await seedDevChain({ rpcUrl: anvil.rpcUrl })).alreadySeeded).toBe(true)
    expect(await chain().getBlockNumber()).toBe(block)
  })
})
