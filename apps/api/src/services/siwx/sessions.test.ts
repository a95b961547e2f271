// Sign-ins on SQLite and Postgres, with real signatures: an EOA and contract wallets (ERC-1271
// deployed, ERC-6492 counterfactual) on a real anvil, and an ed25519 Solana key. Each refusal
// has its own code, and a refused sign-in stores nothing.
import {
  type CaipNetworkId,
  type NetworkConfig,
  type SiwxMessageData,
  siwxMessageData,
} from '@airlock/protocol'
import { createSiwxMessage } from '@airlock/protocol/siwx-messages'
import { createKeyPairSignerFromBytes, createSignableMessage, getBase58Decoder } from '@solana/kit'
import { type Address, createPublicClient, type Hex, http, pad } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
  counterfactualSignature,
  deploySmartWallet,
  deploySmartWalletFactory,
  smartWalletAddress,
} from '../../../../../devchain/smartWallets.mjs'
import { solanaDevAccounts } from '../../../../../devchain/solanaDev.mjs'
import { setUpTimeout, testDatabases } from '../../../test/databases'
import type { Storage } from '../../storage/storage'
import { type Anvil, startAnvil } from '../indexer/testing/anvil'
import { createProject, getProject, type Project } from '../projects'
import {
  issueNonce,
  readSession,
  revokeSession,
  revokeSessionsOf,
  type SiwxContext,
  signIn,
} from './sessions'

// Anvil's well-known dev keys: public, for local chains only.
const alice = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const bob = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const deployer = privateKeyToAccount(
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
)
const site = 'https://shop.example'
const otherSite = 'https://blog.shop.example'
const unreachable = 'http://127.0.0.1:9'
const start = Date.parse('2026-11-26T10:00:00.000Z')

let anvil: Anvil
let factory: Address
beforeAll(async () => {
  anvil = await startAnvil()
  factory = await deploySmartWalletFactory({ rpcUrl: anvil.rpcUrl, deployer })
}, setUpTimeout)
afterAll(() => anvil?.stop())

const catalogue = (): NetworkConfig[] => [
  network('eip155:31337', 'Anvil', anvil.rpcUrl),
  network('solana:localnet', 'Solana Localnet', unreachable),
  network('eip155:1', 'Ethereum', unreachable),
]
function network(caipNetworkId: CaipNetworkId, name: string, rpcUrl: string): NetworkConfig {
  return { caipNetworkId, name, nativeCurrency: { name, symbol: 'X', decimals: 18 }, rpcUrl }
}

describe.each(testDatabases())('sign-in with a wallet on $name', (database) => {
  let storage: Storage
  let project: Project
  let now: number
  let context: SiwxContext

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    storage = await database.open()
    now = start
    context = { db: storage.db, networks: catalogue(), now: () => now }
    await createProject(
      storage.db,
      'shop',
      [site, otherSite],
      {},
      {
        settings: { siwx: 'optional', networks: ['eip155:31337', 'solana:localnet'] },
        catalogue: catalogue(),
      },
    )
    project = (await getProject(storage.db, 'shop')) as Project
  })
  afterEach(() => storage.close())

  /** A message for `address` on `chainId` from `hostOrigin`, with a fresh nonce, changed by `change`. */
  async function messageFor(
    address: string,
    {
      chainId = 'eip155:31337' as CaipNetworkId,
      hostOrigin = site,
      change = {} as Partial<SiwxMessageData>,
    } = {},
  ) {
    const { nonce } = await issueNonce(context, project, hostOrigin)
    const data = siwxMessageData({ hostOrigin, address, chainId, nonce, now })
    return createSiwxMessage({ ...data, ...change })
  }
  const request = (address: string, message: string, signature: string, more = {}) => ({
    hostOrigin: site,
    address,
    chainId: 'eip155:31337' as CaipNetworkId,
    message,
    signature,
    ...more,
  })
  async function signedBy(account: PrivateKeyAccount, options: { hostOrigin?: string } = {}) {
    const message = await messageFor(account.address, options)
    return request(account.address, message, await account.signMessage({ message }), {
      hostOrigin: options.hostOrigin ?? site,
    })
  }
  const sessionCount = async () =>
    Number(
      (
        await storage.db
          .selectFrom('siwx_sessions')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    )
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'signed in',
      (error: { code?: string }) => error.code,
    )

  test('behavior: an EOA signs in; the token reads the session back, which holds the message and signature', async () => {
    const signed = await signedBy(alice)
    const { token, session } = await signIn(context, project, signed)
    expect(session).toMatchObject({
      message: signed.message,
      signature: signed.signature,
      data: { domain: 'shop.example', uri: site, accountAddress: alice.address },
      expiresAt: '2026-12-03T10:00:00.000Z',
    })
    expect(await readSession(context, token)).toEqual({
      projectId: 'shop',
      hostOrigin: site,
      session,
    })
  })

  test('security: the token is not stored, only its hash', async () => {
    const { token } = await signIn(context, project, await signedBy(alice))
    const rows = await storage.db.selectFrom('siwx_sessions').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  test('security: a captured sign-in replayed is refused, its nonce used up; one session stands', async () => {
    const signed = await signedBy(alice)
    await signIn(context, project, signed)
    expect(await refusal(signIn(context, project, signed))).toBe('siwxNonceInvalid')
    expect(await sessionCount()).toBe(1)
  })

  test('security: two sign-ins racing with one nonce: exactly one wins', async () => {
    const signed = await signedBy(alice)
    const outcomes = await Promise.all([
      refusal(signIn(context, project, signed)),
      refusal(signIn(context, project, signed)),
    ])
    expect(outcomes.sort()).toEqual(['signed in', 'siwxNonceInvalid'])
    expect(await sessionCount()).toBe(1)
  })

  test('error: a nonce the API never issued, or one past its 5 minutes, is refused', async () => {
    const message = await messageFor(alice.address, { change: { nonce: 'abcdef0123456789' } })
    const forged = request(alice.address, message, await alice.signMessage({ message }))
    expect(await refusal(signIn(context, project, forged))).toBe('siwxNonceInvalid')

    const signed = await signedBy(alice)
    now += 5 * 60_000 + 1
    expect(await refusal(signIn(context, project, signed))).toBe('siwxNonceInvalid')
    expect(await sessionCount()).toBe(0)
  })

  test('security: a nonce issued for another site of the project does not sign in here', async () => {
    const { nonce } = await issueNonce(context, project, otherSite)
    const data = siwxMessageData({
      hostOrigin: site,
      address: alice.address,
      chainId: 'eip155:31337',
      nonce,
      now,
    })
    const message = createSiwxMessage(data)
    const signed = request(alice.address, message, await alice.signMessage({ message }))
    expect(await refusal(signIn(context, project, signed))).toBe('siwxNonceInvalid')
  })

  test('error: a refused signature leaves the nonce for a good one', async () => {
    const message = await messageFor(alice.address)
    const wrong = request(alice.address, message, await bob.signMessage({ message }))
    expect(await refusal(signIn(context, project, wrong))).toBe('siwxSignatureMismatch')
    expect(await sessionCount()).toBe(0)
    const right = request(alice.address, message, await alice.signMessage({ message }))
    expect(await refusal(signIn(context, project, right))).toBe('signed in')
  })

  test.each([
    ['a signature with no 0x', (signature: Hex) => signature.slice(2)],
    ['an odd number of hex digits', (signature: Hex) => signature.slice(0, -1)],
    ['64 bytes', (signature: Hex) => signature.slice(0, -2)],
    ['letters that are not hex', (signature: Hex) => `${signature.slice(0, -2)}zz`],
  ])('error: %s is not a signature, and nothing is stored', async (_, mangle) => {
    const signed = await signedBy(alice)
    const bad = { ...signed, signature: mangle(signed.signature as Hex) }
    expect(await refusal(signIn(context, project, bad))).toBe('siwxInvalidSignature')
    expect(await sessionCount()).toBe(0)
  })

  test.each([
    ['expired', { expirationTime: '2026-11-26T09:59:59.000Z' }, 'siwxMessageExpired'],
    ['issued in the future', { issuedAt: '2026-11-26T10:05:00.000Z' }, 'siwxMessageNotYetValid'],
    ['not valid before later', { notBefore: '2026-11-26T11:00:00.000Z' }, 'siwxMessageNotYetValid'],
    ['for another domain', { domain: 'evil.example' }, 'siwxDomainMismatch'],
    ['for another scheme', { scheme: 'http' }, 'siwxDomainMismatch'],
    ['for a URI on another origin', { uri: 'https://evil.example/login' }, 'siwxUriMismatch'],
  ] as const)('error: a message %s is refused', async (_, change, code) => {
    const message = await messageFor(alice.address, { change })
    const signed = request(alice.address, message, await alice.signMessage({ message }))
    expect(await refusal(signIn(context, project, signed))).toBe(code)
    expect(await sessionCount()).toBe(0)
  })

  test('behavior: a message a minute ahead of the API clock is taken (device clocks drift)', async () => {
    const message = await messageFor(alice.address, {
      change: { issuedAt: '2026-11-26T10:00:59.000Z' },
    })
    const signed = request(alice.address, message, await alice.signMessage({ message }))
    expect(await refusal(signIn(context, project, signed))).toBe('signed in')
  })

  test("error: a chain the project doesn't have is refused", async () => {
    const message = await messageFor(alice.address, { chainId: 'eip155:1' })
    const signed = request(alice.address, message, await alice.signMessage({ message }), {
      chainId: 'eip155:1',
    })
    expect(await refusal(signIn(context, project, signed))).toBe('siwxChainNotAllowed')
  })

  test('error: a message for another account or chain than the connected one is refused', async () => {
    const signed = await signedBy(alice)
    expect(await refusal(signIn(context, project, { ...signed, address: bob.address }))).toBe(
      'siwxAddressMismatch',
    )
    expect(await refusal(signIn(context, project, { ...signed, chainId: 'solana:localnet' }))).toBe(
      'siwxAddressMismatch',
    )
  })

  test('error: with SIWX off, no nonce and no sign-in', async () => {
    const signed = await signedBy(alice)
    const off = { ...project, settings: { ...project.settings, siwx: 'off' as const } }
    expect(await refusal(issueNonce(context, off, site))).toBe('siwxNotEnabled')
    expect(await refusal(signIn(context, off, signed))).toBe('siwxNotEnabled')
  })

  test('behavior: a deployed contract wallet (ERC-1271) signs in with its owner’s signature', async () => {
    const salt = pad('0x11', { size: 32 })
    const wallet = await deploySmartWallet({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: bob.address,
      salt,
      sender: deployer,
    })
    const message = await messageFor(wallet)
    const signed = request(wallet, message, await bob.signMessage({ message }))
    expect(await refusal(signIn(context, project, signed))).toBe('signed in')
    const byStranger = await messageFor(wallet)
    expect(
      await refusal(
        signIn(
          context,
          project,
          request(wallet, byStranger, await alice.signMessage({ message: byStranger })),
        ),
      ),
    ).toBe('siwxSignatureMismatch')
  })

  test('behavior: a contract wallet not deployed yet (ERC-6492) signs in, and stays undeployed', async () => {
    const salt = pad('0x22', { size: 32 })
    const wallet = await smartWalletAddress({
      rpcUrl: anvil.rpcUrl,
      factory,
      owner: bob.address,
      salt,
    })
    const message = await messageFor(wallet)
    const signature = counterfactualSignature({
      factory,
      owner: bob.address,
      salt,
      signature: await bob.signMessage({ message }),
    })
    expect(await refusal(signIn(context, project, request(wallet, message, signature)))).toBe(
      'signed in',
    )
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await chain.getCode({ address: wallet })).toBeUndefined()
  })

  test("error: a contract wallet's network that does not answer is said so, not taken for a bad signature", async () => {
    const unreachableChain = {
      ...context,
      networks: [network('eip155:31337', 'Anvil', unreachable)],
    }
    const message = await messageFor(deployer.address)
    // Not the address's own signature, so only the chain could say it is valid.
    const signed = request(deployer.address, message, await alice.signMessage({ message }))
    expect(await refusal(signIn(unreachableChain, project, signed))).toBe(
      'siwxVerificationUnavailable',
    )
  })

  test('behavior: a Solana key signs in (ed25519 over the Sign In With Solana text)', async () => {
    const signer = await createKeyPairSignerFromBytes(solanaDevAccounts[0].secretKey)
    const solana = { chainId: 'solana:localnet' as CaipNetworkId }
    const message = await messageFor(signer.address, solana)
    const [signatures] = await signer.signMessages([
      createSignableMessage(new TextEncoder().encode(message)),
    ])
    const signature = getBase58Decoder().decode(signatures?.[signer.address] as Uint8Array)
    const signed = request(signer.address, message, signature, solana)
    expect(await refusal(signIn(context, project, signed))).toBe('signed in')

    const other = await messageFor(signer.address, solana)
    expect(
      await refusal(signIn(context, project, request(signer.address, other, signature, solana))),
    ).toBe('siwxSignatureMismatch')
  })

  test('behavior: signing out ends the session; a second sign-out finds none', async () => {
    const { token } = await signIn(context, project, await signedBy(alice))
    expect(await revokeSession(context, token)).toBe(true)
    expect(await refusal(readSession(context, token))).toBe('siwxSessionInvalid')
    expect(await revokeSession(context, token)).toBe(false)
  })

  test("behavior: the operator revokes an address's sessions, on every site of the project", async () => {
    const first = await signIn(context, project, await signedBy(alice))
    const second = await signIn(context, project, await signedBy(alice, { hostOrigin: otherSite }))
    const kept = await signIn(context, project, await signedBy(bob))
    expect(await revokeSessionsOf(context, 'shop', alice.address.toLowerCase())).toBe(2)
    for (const { token } of [first, second])
      expect(await refusal(readSession(context, token))).toBe('siwxSessionInvalid')
    expect((await readSession(context, kept.token)).session.data.accountAddress).toBe(bob.address)
  })

  test('security: a message that expires in a year starts a session of 7 days, no more', async () => {
    const message = await messageFor(alice.address, {
      change: { expirationTime: '2027-11-26T10:00:00.000Z' },
    })
    const signed = request(alice.address, message, await alice.signMessage({ message }))
    const { session } = await signIn(context, project, signed)
    expect(session.expiresAt).toBe('2026-12-03T10:00:00.000Z')
  })

  test('behavior: a session ends at its Expiration Time', async () => {
    const { token, session } = await signIn(context, project, await signedBy(alice))
    now = Date.parse(session.expiresAt) - 1
    expect((await readSession(context, token)).session).toEqual(session)
    now += 1
    expect(await refusal(readSession(context, token))).toBe('siwxSessionInvalid')
  })
})
