// The writes of the fault trials, made through the load balancer as the modal makes them: an
// analytics event, an email sign-in (a code from the dev mail server, then a session), an
// embedded wallet kept and confirmed, a second device added with a proof of the wallet and then
// revoked (a re-split without it), a sign-in with a wallet (SIWX, EIP-4361 signed with viem), and
// a name registered to the wallet's address (its name message signed with viem).
// Each write the API acknowledged (2xx) goes into the ledger with what it must have left behind;
// a write that got no answer or another status ends the journey there (its later steps depend on
// it), and the visitor starts a new one.
import { randomBytes, randomUUID } from 'node:crypto'
import { nameMessage, siwxMessageData } from '@airlock/protocol'
import { createSiwxMessage } from '@airlock/protocol/siwx-messages'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { DevMail } from '../devMail.mjs'
import { type Answer, jsonOf, type Visitor } from './visitor'

/** What an acknowledged write must have left in the database, and how to read it back. */
export type Acknowledged =
  | { kind: 'event'; projectId: string; eventId: string }
  | { kind: 'emailSignIn'; projectId: string; email: string; cookie: string }
  | {
      kind: 'walletCreated'
      projectId: string
      email: string
      evmAddress: string
      authShare: string
      recoveryShare: string
      deviceId: string
    }
  | { kind: 'walletConfirmed'; projectId: string; email: string }
  | { kind: 'deviceAdded'; projectId: string; email: string; deviceId: string }
  | {
      kind: 'deviceRevoked'
      projectId: string
      email: string
      deviceId: string
      authShare: string
      recoveryShare: string
    }
  | { kind: 'siwxSignIn'; projectId: string; address: string; token: string }
  | { kind: 'nameRegistered'; projectId: string; name: string; address: string }

export type WriteKind = Acknowledged['kind']

/** Every write a trial's visitors made: acknowledged, or not (no answer, or not a 2xx). */
export type Ledger = {
  acknowledged: Acknowledged[]
  /** Writes that got no 2xx, by kind and status (0: no answer): `{ 'walletCreated 502': 1 }`. */
  unacknowledged: Record<string, number>
  /** Answers no write should get: 5xx but HAProxy's 502 and 503, by route. */
  serverErrors: string[]
  /** Every split each email's wallet was sent, acknowledged or not: it must hold one, whole. */
  sharesSent: Record<string, { authShare: string; recoveryShare: string }[]>
}

export function createLedger(): Ledger {
  return { acknowledged: [], unacknowledged: {}, serverErrors: [], sharesSent: {} }
}

export type JourneySetting = {
  projectId: string
  /** A site the project allows: the visitor's page. */
  hostOrigin: string
  /** The parent the API registers names under (`AIRLOCK_NAMES_PARENT`). */
  namesParent: string
  devMail: DevMail
}

/** Raised by a step whose write was not acknowledged: the journey ends there. */
class NotAcknowledged extends Error {}

/** A share of the right form (base64url) and a random content, as a frame's would be. */
const share = () => randomBytes(32).toString('base64url')
const base58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const solanaAddress = () =>
  Array.from(randomBytes(44), (byte) => base58[byte % base58.length]).join('')

/**
 * One visitor's journey, step by step until a write is not acknowledged or `stop.requested`:
 * what was acknowledged is in `ledger`.
 */
export async function journey(
  visitor: Visitor,
  setting: JourneySetting,
  ledger: Ledger,
  stop: { requested: boolean },
): Promise<void> {
  const { projectId, hostOrigin, devMail } = setting
  const project = `/v1/projects/${projectId}`
  const key: Hex = generatePrivateKey()
  const account = privateKeyToAccount(key)
  const email = `trial-${randomUUID().slice(0, 12)}@example.com`

  /** Sends a write; a 2xx is returned, anything else ends the journey. */
  const write = async (
    kind: WriteKind | `${WriteKind} step`,
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    if (stop.requested) throw new NotAcknowledged('stopped')
    const answer = await visitor.send(method, path, body, headers)
    if (answer.status >= 200 && answer.status < 300) return answer
    const label = `${kind.replace(/ step$/, '')} ${answer.status}`
    ledger.unacknowledged[label] = (ledger.unacknowledged[label] ?? 0) + 1
    // A replica killed mid-request is HAProxy's 502; an outage is a 503 with Retry-After.
    if (answer.status >= 500 && answer.status !== 502 && answer.status !== 503)
      ledger.serverErrors.push(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`)
    if (answer.status === 503 && answer.headers['retry-after'] === undefined)
      ledger.serverErrors.push(`${method} ${path}: 503 without Retry-After`)
    throw new NotAcknowledged(label)
  }

  const signIn = async (): Promise<string> => {
    const asked = Date.now()
    await write('emailSignIn step', 'POST', `${project}/email/codes`, { email, hostOrigin })
    const code = await mailedCode(devMail, email, asked)
    if (code === undefined) {
      ledger.serverErrors.push(`POST ${project}/email/codes: 201, but no code mailed within 5 s`)
      throw new NotAcknowledged('no code mailed')
    }
    const answer = await write('emailSignIn', 'POST', `${project}/email/sessions`, {
      email,
      code,
      hostOrigin,
    })
    const cookie = String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? ''
    ledger.acknowledged.push({ kind: 'emailSignIn', projectId, email, cookie })
    return cookie
  }

  const proof = async (cookie: string, action: string) => {
    const asked = await write(
      'deviceAdded step',
      'POST',
      `${project}/embedded-wallet/challenges`,
      { hostOrigin, action },
      { Cookie: cookie },
    )
    const { challengeId, message } = jsonOf<{ challengeId: string; message: string }>(asked) ?? {
      challengeId: '',
      message: '',
    }
    return { challengeId, signature: await account.signMessage({ message }) }
  }

  try {
    const eventId = randomUUID()
    await write('event', 'POST', `/e?projectId=${projectId}&st=trials&sv=1`, {
      eventId,
      url: `${hostOrigin}/checkout`,
      domain: new URL(hostOrigin).hostname,
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { view: 'Connect' } },
    })
    ledger.acknowledged.push({ kind: 'event', projectId, eventId })

    const first = await signIn()
    const wallet = {
      evmAddress: account.address,
      solanaAddress: solanaAddress(),
      authShare: share(),
      recoveryShare: share(),
    }
    const sent: { authShare: string; recoveryShare: string }[] = []
    ledger.sharesSent[email] = sent
    sent.push({ authShare: wallet.authShare, recoveryShare: wallet.recoveryShare })
    const made = await write(
      'walletCreated',
      'POST',
      `${project}/embedded-wallet`,
      { hostOrigin, ...wallet, deviceLabel: 'Firefox on Linux' },
      { Cookie: first },
    )
    const firstDevice = jsonOf<{ device: { deviceId: string } }>(made)?.device.deviceId ?? ''
    ledger.acknowledged.push({
      kind: 'walletCreated',
      projectId,
      email,
      evmAddress: wallet.evmAddress,
      authShare: wallet.authShare,
      recoveryShare: wallet.recoveryShare,
      deviceId: firstDevice,
    })
    await write(
      'walletConfirmed',
      'POST',
      `${project}/embedded-wallet/confirmation`,
      { hostOrigin },
      { Cookie: first },
    )
    ledger.acknowledged.push({ kind: 'walletConfirmed', projectId, email })

    const second = await signIn()
    const added = await write(
      'deviceAdded',
      'POST',
      `${project}/embedded-wallet/devices`,
      { hostOrigin, label: 'Safari on iOS', proof: await proof(second, 'addDevice') },
      { Cookie: second },
    )
    const secondDevice = jsonOf<{ deviceId: string }>(added)?.deviceId ?? ''
    ledger.acknowledged.push({ kind: 'deviceAdded', projectId, email, deviceId: secondDevice })

    const reshared = { authShare: share(), recoveryShare: share() }
    sent.push(reshared)
    await write(
      'deviceRevoked',
      'POST',
      `${project}/embedded-wallet/shares`,
      {
        hostOrigin,
        ...reshared,
        deviceShares: [],
        revokeDeviceId: secondDevice,
        proof: await proof(first, 'revokeDevice'),
      },
      { Cookie: first },
    )
    ledger.acknowledged.push({
      kind: 'deviceRevoked',
      projectId,
      email,
      deviceId: secondDevice,
      ...reshared,
    })

    const nonceAnswer = await write('siwxSignIn step', 'POST', `${project}/siwx/nonces`, {
      hostOrigin,
    })
    const nonce = jsonOf<{ nonce: string }>(nonceAnswer)?.nonce ?? ''
    const chainId = 'eip155:31337'
    const message = createSiwxMessage(
      siwxMessageData({ hostOrigin, address: account.address, chainId, nonce, now: Date.now() }),
    )
    const signedIn = await write('siwxSignIn', 'POST', `${project}/siwx/sessions`, {
      hostOrigin,
      address: account.address,
      chainId,
      message,
      signature: await account.signMessage({ message }),
    })
    const token = jsonOf<{ token: string }>(signedIn)?.token ?? ''
    ledger.acknowledged.push({ kind: 'siwxSignIn', projectId, address: account.address, token })

    // A name for the wallet's address, as Choose a name registers it: the wallet signs the
    // name message, mainnet's coin type.
    const name = `t${randomUUID().replaceAll('-', '').slice(0, 16)}.${setting.namesParent}`
    const nameText = nameMessage({
      action: 'register',
      name,
      address: account.address,
      chainId: 1,
      site: hostOrigin,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    await write(
      'nameRegistered',
      'POST',
      `${project}/names?hostOrigin=${encodeURIComponent(hostOrigin)}`,
      {
        coinType: 60,
        address: account.address,
        message: nameText,
        signature: await account.signMessage({ message: nameText }),
      },
    )
    ledger.acknowledged.push({ kind: 'nameRegistered', projectId, name, address: account.address })
  } catch (error) {
    if (!(error instanceof NotAcknowledged)) throw error
  }
}

/** The 6-digit code mailed to `email` since `since` (ms), waited for up to 5 s. */
async function mailedCode(
  devMail: DevMail,
  email: string,
  since: number,
): Promise<string | undefined> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const mail = devMail
      .messages()
      .filter(
        (message) => message.to.includes(email) && Date.parse(message.receivedAt) >= since - 1000,
      )
      .at(-1)
    const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1]
    if (code !== undefined) return code
    if (Date.now() > deadline) return undefined
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * `visitors` visitors making journeys one after another until `stop.requested`; resolves once
 * each has ended its last one.
 */
export async function visitorsWriting(
  visitors: Visitor[],
  setting: JourneySetting,
  ledger: Ledger,
  stop: { requested: boolean },
): Promise<void> {
  await Promise.all(
    visitors.map(async (visitor) => {
      while (!stop.requested) {
        await journey(visitor, setting, ledger, stop)
        // A breath between journeys, as a visitor takes: an outage's 503s are not a busy loop.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }),
  )
}
