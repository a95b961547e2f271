// Choosing a primary name on SQLite and Postgres, with real signatures from viem local accounts:
// the chosen name comes first in reverse lookups; each bad choice is refused with its own code and
// nothing changes, an older signed choice replayed after a newer one included.
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
import { type NameRegistry, namesOfAddress, registerName, type VerifyNameSignature } from './names'
import { choosePrimaryName } from './primaryNames'

const parent = 'airlock.eth'
const start = Date.parse('2026-11-26T10:00:00.000Z')
const startSeconds = start / 1000
const alice = privateKeyToAccount(generatePrivateKey())
const bob = privateKeyToAccount(generatePrivateKey())
const verify: VerifyNameSignature = ({ address, message, signature }) =>
  verifyMessage({ address, message, signature })

/** A request `account` signed to make `name` its primary name, `seconds` after the start. */
const primaryRequest = (
  account: PrivateKeyAccount,
  name: string,
  seconds: number,
  options: Omit<Parameters<typeof signedNameRequest>[2], 'timestamp'> = {},
) =>
  signedNameRequest(account, name, {
    ...options,
    timestamp: startSeconds + seconds,
    message: { action: 'primary', ...options.message },
  })

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof NameError)) throw new Error(`expected a NameError, got ${String(error)}`)
  return { code: error.code, message: error.message }
}

describe.each(testDatabases())('primary names on $name', (database) => {
  let storage: Storage
  let now: number
  let registry: NameRegistry

  beforeAll(() => database.setUp(), setUpTimeout)
  afterAll(() => database.tearDown())
  beforeEach(async () => {
    storage = await database.open()
    await createProject(storage.db, 'shop', [testSite])
    now = start
    registry = { db: storage.db, projectId: 'shop', parent, now: () => now }
    for (const [account, name] of [
      [alice, 'alice.airlock.eth'],
      [alice, 'alice-work.airlock.eth'],
      [bob, 'bobby.airlock.eth'],
    ] as const) {
      const request = await signedNameRequest(account, name, { timestamp: now / 1000 })
      await registerName({ ...registry, site: testSite, request, verify })
      now += 1000
    }
  })
  afterEach(() => storage.close())

  const choose = (request: NameRegisterRequest, name = 'alice.airlock.eth') =>
    choosePrimaryName({ ...registry, site: testSite, name, request, verify })
  const namesOfAlice = async () =>
    (await namesOfAddress(registry, alice.address)).map((record) => record.name)

  test('behavior: the chosen name comes first in reverse lookups, and another choice later moves it', async () => {
    // Without a choice, the newest is first.
    expect(await namesOfAlice()).toEqual(['alice-work.airlock.eth', 'alice.airlock.eth'])

    const answer = await choose(await primaryRequest(alice, 'alice.airlock.eth', 5))

    expect(answer.map((record) => record.name)).toEqual([
      'alice.airlock.eth',
      'alice-work.airlock.eth',
    ])
    expect(await namesOfAlice()).toEqual(['alice.airlock.eth', 'alice-work.airlock.eth'])
    await choose(await primaryRequest(alice, 'alice-work.airlock.eth', 6), 'alice-work.airlock.eth')
    expect(await namesOfAlice()).toEqual(['alice-work.airlock.eth', 'alice.airlock.eth'])
  })

  type BadChoice = {
    case: string
    request: () => Promise<NameRegisterRequest>
    name?: string
    code: NameErrorCode
    message: string
  }
  const badChoices: BadChoice[] = [
    {
      case: "someone else's name",
      request: () => primaryRequest(alice, 'bobby.airlock.eth', 5),
      name: 'bobby.airlock.eth',
      code: 'nameNotOwner',
      message: `"bobby.airlock.eth" is not ${alice.address}'s name.`,
    },
    {
      case: 'a name no one has',
      request: () => primaryRequest(alice, 'alicia.airlock.eth', 5),
      name: 'alicia.airlock.eth',
      code: 'nameNotFound',
      message: 'No one has "alicia.airlock.eth".',
    },
    {
      case: 'a message for another name than the one asked',
      request: () => primaryRequest(alice, 'alice-work.airlock.eth', 5),
      code: 'nameMessageMismatch',
      message: 'The message is for "alice-work.airlock.eth", not "alice.airlock.eth".',
    },
    {
      case: 'a registration message',
      request: () =>
        primaryRequest(alice, 'alice.airlock.eth', 5, { message: { action: 'register' } }),
      code: 'nameMessageMismatch',
      message:
        'The message asks to register this name for your account, not to make this name your primary name.',
    },
    {
      case: 'a choice with records in it',
      request: () =>
        primaryRequest(alice, 'alice.airlock.eth', 5, { attributes: { description: 'x' } }),
      code: 'nameMessageInvalid',
      message: 'A message choosing a primary name carries no records: sign one without them.',
    },
    {
      case: 'a choice signed on another chain than the name’s',
      request: () =>
        primaryRequest(alice, 'alice.airlock.eth', 5, { coinType: coinTypeOfChainId(10) }),
      code: 'nameCoinTypeInvalid',
      message: '"alice.airlock.eth" was registered with coin type 60: choose it on that chain.',
    },
    {
      case: 'a choice signed on another site',
      request: () =>
        primaryRequest(alice, 'alice.airlock.eth', 5, {
          message: { site: 'https://evil.example' },
        }),
      code: 'nameMessageMismatch',
      message: 'The message was signed on https://evil.example, not on https://shop.example.',
    },
    {
      case: 'a stale choice (issued over 10 minutes ago)',
      request: () => primaryRequest(alice, 'alice.airlock.eth', -601),
      code: 'nameMessageStale',
      message: 'The message was signed more than 10 minutes ago: sign a new one.',
    },
    {
      case: "someone else's signature",
      request: () =>
        primaryRequest(bob, 'alice.airlock.eth', 5, {
          message: { address: alice.address },
          change: { address: alice.address },
        }),
      code: 'nameSignatureInvalid',
      message: `The signature is not ${alice.address}'s signature of this message.`,
    },
  ]

  test.each(badChoices)('error: $case is $code and nothing changes', async (bad) => {
    expect(await refusal(choose(await bad.request(), bad.name))).toEqual({
      code: bad.code,
      message: bad.message,
    })
    expect(await namesOfAlice()).toEqual(['alice-work.airlock.eth', 'alice.airlock.eth'])
  })

  test('security: an older choice replayed after a newer one is refused, and the newer holds', async () => {
    const older = await primaryRequest(alice, 'alice.airlock.eth', 5)
    const newer = await primaryRequest(alice, 'alice-work.airlock.eth', 6)
    await choose(older)
    await choose(newer, 'alice-work.airlock.eth')

    expect(await refusal(choose(older))).toEqual({
      code: 'nameMessageStale',
      message:
        "The message is not newer than the last change to this account's primary name: sign a new one.",
    })
    // The same choice again is a replay too.
    expect((await refusal(choose(newer, 'alice-work.airlock.eth'))).code).toBe('nameMessageStale')
    expect(await namesOfAlice()).toEqual(['alice-work.airlock.eth', 'alice.airlock.eth'])
  })
})
