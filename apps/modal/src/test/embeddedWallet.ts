/**
 * The view tests' embedded wallet: connected state of an email (or social) login, the API's
 * email session and wallet routes as the frame uses them, and the wallet made, confirmed and
 * unlocked by the modal's own code against them.
 */
import {
  type EmbeddedWalletCreate,
  type NetworkConfig,
  type WalletProofAction,
  walletProofMessage,
} from '@airlock/protocol'
import { recoverMessageAddress } from 'viem'
import { expect } from 'vitest'
import { HttpError, type RequestOptions } from '../api'
import { embeddedWalletId } from '../connectors/embeddedWallet/embeddedWalletId'
import type { KeyValueStore } from '../stores/persistence'
import { evmAccount } from './fixtures'
import { type ApiRoutes, anvil, connectedState, type renderView } from './renderView'

/** Connected with the embedded wallet, signed in as `login` (its email, or its handle). */
export function signedIn(login: string, provider = 'email', network: NetworkConfig = anvil) {
  const connected = connectedState(evmAccount, network)
  return {
    ...connected,
    host: { origin: location.origin, href: location.href, sdkVersion: 'test' },
    connectorId: embeddedWalletId,
    connections: [
      {
        id: embeddedWalletId,
        walletId: embeddedWalletId,
        name: 'Email',
        icon: '',
        authName: login,
        authProvider: provider,
        accounts: [evmAccount],
      },
    ],
    activeConnectionId: embeddedWalletId,
  }
}

const project = '/v1/projects/test-project'

/**
 * The API's email session and wallet routes for `email`, as the frame uses them to make, confirm,
 * open and prove a wallet: what the frame sends is kept and given back; a challenge's message is
 * the protocol's. `proofSigner` reads who signed a proof sent to another route.
 */
export function walletRoutes(email: string) {
  let wallet: Omit<EmbeddedWalletCreate, 'hostOrigin'> | undefined
  let confirmedAt: string | null = null
  let transportKey = false
  const device = {
    deviceId: 'dEvIcE0123456789_-abcd',
    deviceKey: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, ''),
  }
  const challenges = new Map<string, string>()
  const createdAt = new Date().toISOString()
  const bodyOf = (options: RequestOptions) => options.body as Record<string, unknown>
  const routes: ApiRoutes = {
    [`GET ${project}/email/session`]: () => ({
      email,
      hostOrigin: location.origin,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    [`GET ${project}/embedded-wallet`]: (query) =>
      wallet
        ? {
            ...wallet,
            createdAt,
            confirmedAt,
            ...(query.deviceId === device.deviceId && {
              device: { ...device, transportKey, nextShare: null },
            }),
          }
        : new HttpError(404, {
            error: {
              code: 'embeddedWalletNotFound',
              message: 'This email has no wallet here yet.',
            },
          }),
    [`POST ${project}/embedded-wallet`]: (_, options) => {
      const { hostOrigin: _site, deviceLabel: _label, ...made } = bodyOf(options)
      wallet = made as typeof wallet
      return { ...wallet, createdAt, confirmedAt: null, device }
    },
    [`POST ${project}/embedded-wallet/confirmation`]: () => {
      confirmedAt = new Date().toISOString()
      return { confirmedAt }
    },
    [`PUT ${project}/embedded-wallet/devices/${device.deviceId}/transport-key`]: () => {
      transportKey = true
      return {}
    },
    [`POST ${project}/embedded-wallet/challenges`]: (_, options) => {
      const challengeId = crypto.randomUUID().replaceAll('-', '').padEnd(43, 'A')
      const message = walletProofMessage({
        action: bodyOf(options).action as WalletProofAction,
        projectId: 'test-project',
        hostOrigin: location.origin,
        challengeId,
      })
      challenges.set(challengeId, message)
      return { challengeId, message, expiresAt: new Date(Date.now() + 300_000).toISOString() }
    },
  }
  return {
    routes,
    evmAddress: () => wallet?.evmAddress,
    solanaAddress: () => wallet?.solanaAddress,
    /** Who signed the proof a request carries, and for which challenge's words. */
    async proofOf(options: RequestOptions) {
      const proof = bodyOf(options)?.proof as { challengeId: string; signature: `0x${string}` }
      const message = challenges.get(proof?.challengeId ?? '')
      if (!message) return undefined
      return {
        message,
        signer: await recoverMessageAddress({ message, signature: proof.signature }),
      }
    },
  }
}

/** What the frame keeps, in memory (the bridge's storage seam). */
export function memoryStorage(): KeyValueStore {
  const kept = new Map<string, string>()
  return { get: (key) => kept.get(key) ?? null, set: (key, value) => void kept.set(key, value) }
}

/** The modal's own code makes the wallet, the visitor confirms it, and it unlocks. */
export async function unlockWallet(modal: ReturnType<typeof renderView>['modal']) {
  modal.setStorage(memoryStorage())
  const wallet = await modal.embeddedWallet.load()
  expect(await wallet.openWallet()).toMatchObject({ status: 'created' })
  await wallet.confirmRecoveryCode()
}
