// The name registry on SQLite and Postgres, with real signatures from viem local accounts checked
// by viem's verifyMessage: each bad request refused with its own code and nothing stored;
// concurrent registrations of one name, exactly one owner; suggestions; reverse lookup; text
// records changed by their owner only.
import {
  coinTypeOfChainId,
  NameError,
  type NameErrorCode,
  type NameRegisterRequest,
} from '@airlock/protocol'
import { verifyMessage } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { setUpTimeout, testDatabases } from '../../../test/databases'
import { signedNameRequest, testSite } from '../../../test/nameRequests'
import type { Storage } from '../../storage/storage'
import { createProject } from '../projects'
import {
  lookupName,
  type NameRegistry,
  namesOfAddress,
  registerName,
  suggestNames,
  updateTextRecords,
  type VerifyNameSignature,
} from './names'

const parent = 'airlock.eth'
const start = Date.parse('2026-11-26T10:00:00.000Z')
const startSeconds = start / 1000
const alice = privateKeyToAccount(generatePrivateKey())
const bob = privateKeyToAccount(generatePrivateKey())
const verify: VerifyNameSignature = ({ address, message, signature }) =>
  verifyMessage({ address, message, signature })

/** A request `account` signed for `name` (at the test's start unless said), changed after signing. */
const signedRequest = (
  account: PrivateKeyAccount,
  name: string,
  options: Omit<Parameters<typeof signedNameRequest>[2], 'timestamp'> & { timestamp?: number } = {},
) => signedNameRequest(account, name, { timestamp: startSeconds, ...options })

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: NameErrorCode; message: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof NameError)) throw new Error(`expected a NameError, got ${String(error)}`)
  return { code: error.code, message: error.message }
}

describe.each(testDatabases())('the name registry on $name', (database) => {
  let storage: Storage
  let now: number
  let registry: NameRegistry

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    storage = await database.open()
    // Emptying `projects` empties `account_names` with it (on delete cascade).
    await createProject(storage.db, 'shop', ['https://shop.example'])
    await createProject(storage.db, 'blog', ['https://blog.example'])
    now = start
    registry = { db: storage.db, projectId: 'shop', parent, now: () => now }
  })
  afterEach(() => storage.close())

  const register = (request: NameRegisterRequest) =>
    registerName({ ...registry, site: testSite, request, verify })
  const storedNames = async () =>
    (await storage.db.selectFrom('account_names').select('name').orderBy('name').execute()).map(
      (row) => row.name,
    )

  test('behavior: a signed message registers its name to the signer, found by name and by address', async () => {
    const request = await signedRequest(alice, 'alice.airlock.eth', {
      attributes: { avatar: 'https://example.com/a.png', description: 'Alice' },
      coinType: coinTypeOfChainId(10),
    })

    const record = await register(request)

    const expected = {
      name: 'alice.airlock.eth',
      address: alice.address,
      coinType: 0x8000000a,
      attributes: { avatar: 'https://example.com/a.png', description: 'Alice' },
      createdAt: '2026-11-26T10:00:00.000Z',
    }
    expect(record).toEqual(expected)
    expect(await lookupName(registry, 'alice.airlock.eth')).toEqual(expected)
    // Lookups normalise, as an ENS resolver does.
    expect(await lookupName(registry, 'ALICE.airlock.eth')).toEqual(expected)
    expect(await namesOfAddress(registry, alice.address.toLowerCase())).toEqual([expected])
    expect(await lookupName(registry, 'alicia.airlock.eth')).toBeUndefined()
  })

  test('behavior: a message signed up to 10 minutes ago, or a minute ahead, is fresh', async () => {
    await register(
      await signedRequest(alice, 'alice.airlock.eth', { timestamp: startSeconds - 600 }),
    )
    await register(
      await signedRequest(alice, 'alice2.airlock.eth', { timestamp: startSeconds + 60 }),
    )
    expect(await storedNames()).toEqual(['alice.airlock.eth', 'alice2.airlock.eth'])
  })

  type BadCase = {
    case: string
    request: () => Promise<NameRegisterRequest>
    code: NameErrorCode
    message: string | RegExp
  }
  const badRegistrations: BadCase[] = [
    {
      case: 'uppercase',
      request: () => signedRequest(alice, 'Alice.airlock.eth'),
      code: 'nameNotNormalised',
      message:
        '"Alice.airlock.eth" is not in normal form (ENSIP-15): it would be "alice.airlock.eth". Register "alice.airlock.eth" instead.',
    },
    {
      case: 'full-width look-alikes',
      request: () => signedRequest(alice, 'ａｌｉｃｅ.airlock.eth'),
      code: 'nameNotNormalised',
      message: /it would be "alice\.airlock\.eth"/,
    },
    {
      case: 'a Cyrillic letter among Latin ones',
      request: () => signedRequest(alice, '\u0430lice.airlock.eth'),
      code: 'nameInvalid',
      message: /is not a valid name: .*illegal mixture: Cyrillic \+ Latin/,
    },
    {
      case: 'a Cyrillic look-alike of a Latin word',
      request: () => signedRequest(alice, '\u0430\u0441\u0435\u0440.airlock.eth'),
      code: 'nameInvalid',
      message: /whole-script confusable/,
    },
    {
      case: 'an invisible joiner',
      request: () => signedRequest(alice, 'alice\u200d.airlock.eth'),
      code: 'nameInvalid',
      message: /disallowed character/,
    },
    {
      case: 'an accented letter (§5: letters, digits and hyphen only)',
      request: () => signedRequest(alice, 'café.airlock.eth'),
      code: 'nameInvalid',
      message: 'Name can only contain letters, numbers and hyphens',
    },
    {
      case: 'fewer than 4 characters (§5)',
      request: () => signedRequest(alice, 'bob.airlock.eth'),
      code: 'nameInvalid',
      message: 'Name must be at least 4 characters',
    },
    {
      case: 'more than 63 characters',
      request: () => signedRequest(alice, `${'a'.repeat(64)}.airlock.eth`),
      code: 'nameInvalid',
      message: `"${'a'.repeat(64)}" is too long: a name has at most 63 characters.`,
    },
    {
      case: 'two labels',
      request: () => signedRequest(alice, 'pay.alice.airlock.eth'),
      code: 'nameInvalid',
      message: '"pay.alice" is not one label: a name has no dots.',
    },
    {
      case: 'another parent',
      request: () => signedRequest(alice, 'alice.other.eth'),
      code: 'nameMessageMismatch',
      message: 'The message is for "alice.other.eth"; names here end in ".airlock.eth".',
    },
    {
      case: 'a message signed over 10 minutes ago',
      request: () => signedRequest(alice, 'alice.airlock.eth', { timestamp: startSeconds - 601 }),
      code: 'nameMessageStale',
      message: 'The message was signed more than 10 minutes ago: sign a new one.',
    },
    {
      case: 'a message from the future',
      request: () => signedRequest(alice, 'alice.airlock.eth', { timestamp: startSeconds + 61 }),
      code: 'nameMessageStale',
      message: "The message's timestamp is in the future: check the device's clock and sign again.",
    },
    {
      case: 'a signature of another name',
      request: async () => {
        const other = await signedRequest(alice, 'alicia.airlock.eth')
        return signedRequest(alice, 'alice.airlock.eth', { change: { signature: other.signature } })
      },
      code: 'nameSignatureInvalid',
      message: `The signature is not ${alice.address}'s signature of this message.`,
    },
    {
      case: "another address's signature",
      request: () =>
        signedRequest(bob, 'alice.airlock.eth', {
          message: { address: alice.address },
          change: { address: alice.address },
        }),
      code: 'nameSignatureInvalid',
      message: `The signature is not ${alice.address}'s signature of this message.`,
    },
    {
      case: 'a message signed for another account',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', { message: { address: bob.address } }),
      code: 'nameMessageMismatch',
      message: `The message is signed for the account ${bob.address}, not ${alice.address}.`,
    },
    {
      case: 'a message signed for another chain than its coin type',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', {
          coinType: coinTypeOfChainId(10),
          message: { chainId: 1 },
        }),
      code: 'nameMessageMismatch',
      message: "The message is signed for chain 1, but its coin type is chain 10's.",
    },
    {
      case: 'a message signed on another site',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', { message: { site: 'https://blog.example' } }),
      code: 'nameMessageMismatch',
      message: 'The message was signed on https://blog.example, not on https://shop.example.',
    },
    {
      case: 'a message that changes records, sent to register',
      request: () => signedRequest(alice, 'alice.airlock.eth', { message: { action: 'records' } }),
      code: 'nameMessageMismatch',
      message:
        "The message asks to change this name's records, not to register this name for your account.",
    },
    {
      case: 'a signature too short to be one',
      request: () => signedRequest(alice, 'alice.airlock.eth', { change: { signature: '0x1234' } }),
      code: 'nameSignatureInvalid',
      message:
        'The signature is not of the right form: 0x and hex digits, two a byte, 65 bytes or more.',
    },
    {
      case: 'a message that is not a name message',
      request: () => signedRequest(alice, 'alice.airlock.eth', { change: { message: 'alice' } }),
      code: 'nameMessageInvalid',
      message: 'The message is not a name message: its first line says nothing it asks.',
    },
    {
      case: 'a message raw JSON, as names were signed before',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', {
          change: {
            message: JSON.stringify({
              name: 'alice.airlock.eth',
              attributes: {},
              timestamp: startSeconds,
            }),
          },
        }),
      code: 'nameMessageInvalid',
      message: 'The message is not a name message: its first line says nothing it asks.',
    },
    {
      case: 'a message with a line it should not have',
      request: async () => {
        const { message } = await signedRequest(alice, 'alice.airlock.eth')
        const forged = message.replace('\nURI:', `\nOwner: ${bob.address}\nURI:`)
        return signedRequest(alice, 'alice.airlock.eth', { change: { message: forged } })
      },
      code: 'nameMessageInvalid',
      message: /^The message is not in its canonical form; sign exactly:\nshop\.example asks you/,
    },
    {
      case: 'a message without its issued-at',
      request: async () => {
        const { message } = await signedRequest(alice, 'alice.airlock.eth')
        const cut = message.slice(0, message.lastIndexOf('\n'))
        return signedRequest(alice, 'alice.airlock.eth', { change: { message: cut } })
      },
      code: 'nameMessageInvalid',
      message: /^The message is not a name message: .*timestamp/s,
    },
    {
      case: 'a message with the address in lowercase',
      request: async () => {
        const { message } = await signedRequest(alice, 'alice.airlock.eth')
        const lower = message.replace(alice.address, alice.address.toLowerCase())
        return signedRequest(alice, 'alice.airlock.eth', { change: { message: lower } })
      },
      code: 'nameMessageMismatch',
      message: `The message is signed for the account ${alice.address.toLowerCase()}, not ${alice.address}.`,
    },
    {
      case: "a non-EVM coin type (Bitcoin's)",
      request: () => signedRequest(alice, 'alice.airlock.eth', { coinType: 0 }),
      code: 'nameCoinTypeInvalid',
      message: "Coin type 0 is not an EVM chain's (ENSIP-11): names are for EVM addresses.",
    },
    {
      case: "mainnet's coin type spelt 0x80000001",
      request: () => signedRequest(alice, 'alice.airlock.eth', { coinType: 0x80000001 }),
      code: 'nameCoinTypeInvalid',
      message: "Coin type 2147483649 is Ethereum mainnet's, which ENSIP-11 spells 60.",
    },
    {
      case: 'a coin type whose chain id is 2^31',
      request: () => signedRequest(alice, 'alice.airlock.eth', { coinType: 0x80000000 + 2 ** 31 }),
      code: 'invalidChainId',
      message: 'Invalid chainId',
    },
    {
      case: 'an address that is not an EVM one',
      request: () =>
        signedRequest(alice, 'alice.airlock.eth', {
          change: { address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
        }),
      code: 'nameAddressInvalid',
      message: '"7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" is not an EVM address.',
    },
  ]

  test.each(badRegistrations)(
    'behavior: $case is refused with $code and nothing is registered',
    async (bad) => {
      const refused = await refusal(register(await bad.request()))
      expect(refused.code).toBe(bad.code)
      if (typeof bad.message === 'string') expect(refused.message).toBe(bad.message)
      else expect(refused.message).toMatch(bad.message)
      expect(await storedNames()).toEqual([])
    },
  )

  test('behavior: a taken name is refused with nameTaken, and keeps its owner', async () => {
    await register(await signedRequest(alice, 'alice.airlock.eth'))

    const refused = await refusal(register(await signedRequest(bob, 'alice.airlock.eth')))

    expect(refused).toEqual({ code: 'nameTaken', message: '"alice.airlock.eth" is taken.' })
    expect((await lookupName(registry, 'alice.airlock.eth'))?.address).toBe(alice.address)
    // Through another project too: a name has one owner, whoever's site it was registered on.
    const throughBlog = registerName({
      ...registry,
      projectId: 'blog',
      site: testSite,
      request: await signedRequest(bob, 'alice.airlock.eth'),
      verify,
    })
    expect((await refusal(throughBlog)).code).toBe('nameTaken')
  })

  test('behavior: of concurrent registrations of one name, exactly one wins', async () => {
    const accounts = Array.from({ length: 5 }, () => privateKeyToAccount(generatePrivateKey()))
    const requests = await Promise.all(
      accounts.map((account) => signedRequest(account, 'alice.airlock.eth')),
    )
    // Every signature check waits for all of them: each registration has seen the name free
    // before any inserts, so only the table's key can part them.
    let arrived = 0
    let releaseAll = () => {}
    const allArrived = new Promise<void>((resolve) => {
      releaseAll = resolve
    })
    const barrierVerify: VerifyNameSignature = async (parameters) => {
      if (++arrived === requests.length) releaseAll()
      await allArrived
      return verify(parameters)
    }

    const outcomes = await Promise.allSettled(
      requests.map((request) =>
        registerName({ ...registry, site: testSite, request, verify: barrierVerify }),
      ),
    )

    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled')
    const losers = outcomes.filter((outcome) => outcome.status === 'rejected')
    expect(winners).toHaveLength(1)
    expect(losers.map((outcome) => (outcome.reason as NameError).code)).toEqual(
      Array(requests.length - 1).fill('nameTaken'),
    )
    const owner = (await lookupName(registry, 'alice.airlock.eth'))?.address
    expect(owner).toBe(winners[0]?.status === 'fulfilled' ? winners[0].value.address : undefined)
    expect(await storedNames()).toEqual(['alice.airlock.eth'])
  })

  test('behavior: suggestions are free variants §5 takes, at most 5, taken ones skipped', async () => {
    for (const name of ['alice', 'alice1', 'alice-xyz'])
      await register(await signedRequest(alice, `${name}.airlock.eth`))

    expect(await suggestNames(registry, 'alice')).toEqual([
      'alice2.airlock.eth',
      'alice-eth.airlock.eth',
      'alice3.airlock.eth',
      'alice-app.airlock.eth',
      'alice4.airlock.eth',
    ])
    // A full name, in any case, gets the same.
    expect(await suggestNames(registry, 'Alice.airlock.eth')).toEqual(
      await suggestNames(registry, 'alice'),
    )
    // A free name comes first; a short one gets only the variants long enough.
    expect(await suggestNames(registry, 'carol')).toEqual([
      'carol.airlock.eth',
      'carol1.airlock.eth',
      'carol-xyz.airlock.eth',
      'carol2.airlock.eth',
      'carol-eth.airlock.eth',
    ])
    expect(await suggestNames(registry, 'bo')).toEqual([
      'bo-xyz.airlock.eth',
      'bo-eth.airlock.eth',
      'bo-app.airlock.eth',
      'bo-web3.airlock.eth',
      'bo-id.airlock.eth',
    ])
    expect(await suggestNames(registry, 'café')).toEqual([])
    expect((await refusal(suggestNames(registry, '\u0430lice'))).code).toBe('nameInvalid')
  })

  test('behavior: reverse lookup lists an address’s names, newest (its primary) first', async () => {
    await register(await signedRequest(alice, 'alice.airlock.eth'))
    now += 1000
    await register(await signedRequest(bob, 'bobby.airlock.eth'))
    now += 1000
    await register(await signedRequest(alice, 'alice-work.airlock.eth'))

    expect((await namesOfAddress(registry, alice.address)).map((record) => record.name)).toEqual([
      'alice-work.airlock.eth',
      'alice.airlock.eth',
    ])
    expect((await namesOfAddress(registry, bob.address)).map((record) => record.name)).toEqual([
      'bobby.airlock.eth',
    ])
    const nobody = privateKeyToAccount(generatePrivateKey())
    expect(await namesOfAddress(registry, nobody.address)).toEqual([])
    expect(await refusal(namesOfAddress(registry, 'alice'))).toEqual({
      code: 'nameAddressInvalid',
      message: '"alice" is not an EVM address.',
    })
  })

  describe('text records', () => {
    const registered = { avatar: 'https://example.com/a.png', description: 'Alice' }
    /** A request `account` signed to change `name`'s records. */
    const recordsRequest: typeof signedRequest = (account, name, options = {}) =>
      signedRequest(account, name, {
        ...options,
        message: { action: 'records', ...options.message },
      })
    const update = (request: NameRegisterRequest, name = 'alice.airlock.eth') =>
      updateTextRecords({ ...registry, site: testSite, name, request, verify })

    beforeEach(async () => {
      await register(await signedRequest(alice, 'alice.airlock.eth', { attributes: registered }))
      now += 5000
    })

    test('behavior: the owner replaces them with a newer signed message', async () => {
      const record = await update(
        await recordsRequest(alice, 'alice.airlock.eth', {
          attributes: { description: 'Alice, again' },
          timestamp: startSeconds + 5,
        }),
      )

      expect(record.attributes).toEqual({ description: 'Alice, again' })
      expect(await lookupName(registry, 'alice.airlock.eth')).toEqual({
        name: 'alice.airlock.eth',
        address: alice.address,
        coinType: 60,
        attributes: { description: 'Alice, again' },
        createdAt: '2026-11-26T10:00:00.000Z',
      })
    })

    const badUpdates: BadCase[] = [
      {
        case: "someone else's signature for the name",
        request: () =>
          recordsRequest(bob, 'alice.airlock.eth', {
            attributes: { description: 'mine now' },
            timestamp: startSeconds + 5,
          }),
        code: 'nameNotOwner',
        message: `"alice.airlock.eth" is not ${bob.address}'s name.`,
      },
      {
        case: "someone else's signature in the owner's name",
        request: () =>
          recordsRequest(bob, 'alice.airlock.eth', {
            attributes: { description: 'mine now' },
            timestamp: startSeconds + 5,
            message: { address: alice.address },
            change: { address: alice.address },
          }),
        code: 'nameSignatureInvalid',
        message: `The signature is not ${alice.address}'s signature of this message.`,
      },
      {
        case: 'a replay of the registration message',
        request: () => signedRequest(alice, 'alice.airlock.eth', { attributes: registered }),
        code: 'nameMessageMismatch',
        message:
          "The message asks to register this name for your account, not to change this name's records.",
      },
      {
        case: 'a change signed no later than the registration',
        request: () => recordsRequest(alice, 'alice.airlock.eth', { attributes: {} }),
        code: 'nameMessageStale',
        message: 'The message is not newer than the last change to this name: sign a new one.',
      },
      {
        case: 'a message for another name',
        request: () => recordsRequest(alice, 'alicia.airlock.eth', { timestamp: startSeconds + 5 }),
        code: 'nameMessageMismatch',
        message: 'The message is for "alicia.airlock.eth", not "alice.airlock.eth".',
      },
      {
        case: 'another coin type than the registration’s',
        request: () =>
          recordsRequest(alice, 'alice.airlock.eth', {
            timestamp: startSeconds + 5,
            coinType: coinTypeOfChainId(10),
          }),
        code: 'nameCoinTypeInvalid',
        message:
          '"alice.airlock.eth" was registered with coin type 60: sign its changes on that chain.',
      },
      {
        case: 'a stale message',
        request: () => {
          now += 11 * 60_000
          return recordsRequest(alice, 'alice.airlock.eth', { timestamp: startSeconds + 5 })
        },
        code: 'nameMessageStale',
        message: 'The message was signed more than 10 minutes ago: sign a new one.',
      },
    ]

    test.each(badUpdates)(
      'behavior: $case is refused with $code and nothing changes',
      async (bad) => {
        const refused = await refusal(update(await bad.request()))
        expect(refused).toEqual({ code: bad.code, message: bad.message })
        expect((await lookupName(registry, 'alice.airlock.eth'))?.attributes).toEqual(registered)
      },
    )

    test('behavior: a name no one has is nameNotFound', async () => {
      const request = await recordsRequest(alice, 'alicia.airlock.eth', {
        timestamp: startSeconds + 5,
      })
      expect(await refusal(update(request, 'alicia.airlock.eth'))).toEqual({
        code: 'nameNotFound',
        message: 'No one has "alicia.airlock.eth".',
      })
    })
  })
})
