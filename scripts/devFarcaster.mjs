// A local Farcaster auth relay and a dev "Farcaster app" on one loopback port, so Sign In With
// Farcaster works offline in `npm start` and in tests. The relay answers the v1 API of
// https://relay.farcaster.xyz as @farcaster/auth-client calls it and as the real relay
// (farcasterxyz/auth-monorepo, apps/relay/src) answers: the same routes, status codes, bodies,
// validation messages, bearer channel tokens, auth key header and channel lifetime, with channels
// in memory instead of Redis. The app is the page a channel's `url` opens (the real one opens the
// Farcaster phone app): it lists the dev accounts, and a click builds the sign-in message with
// auth-client, signs it with the account's custody key and authenticates the channel through the
// relay, as the phone app would. The accounts' keys are anvil's public dev keys; their fids are
// registered on the dev chain by devchain/farcasterRegistry.mjs. `mallory` claims alice's fid
// without owning it, so a verifier must refuse her.
//
// Its parts are in devFarcaster/: the accounts, the relay's routes over its channel store, the
// checks of a relay request's body, the app's page and its sign-in.
import { createServer } from 'node:http'
import { createPublicClient, http, zeroAddress } from 'viem'
import {
  farcasterIdRegistryAddress,
  farcasterRegistryAbis,
  installDevFarcasterRegistry,
} from '../devchain/farcasterRegistry.mjs'
import { devFarcasterAccounts, devFarcasterAuthKey } from './devFarcaster/accounts.mjs'
import { createChannelStore } from './devFarcaster/channels.mjs'
import { DevFarcasterError } from './devFarcaster/devFarcasterError.mjs'
import { createRelayRoutes } from './devFarcaster/relayRoutes.mjs'
import { createSignIn } from './devFarcaster/signIn.mjs'
import { createSignInPage } from './devFarcaster/signInPage.mjs'
import { closeHttpServer, listenOnLoopback } from './loopbackServer.mjs'

export { devFarcasterAccounts, devFarcasterAuthKey }

/**
 * Starts the relay and the dev Farcaster app on 127.0.0.1:`port` (0: a free port). With `rpcUrl`
 * (an anvil chain), it installs the registries there and registers alice's and bob's fids, and the
 * relay reads a fid's custody address from that chain, as the real relay reads Optimism's.
 * `channelTtl` is the relay's CHANNEL_TTL, in seconds.
 * @param {{ port?: number, rpcUrl?: string, quiet?: boolean, authKey?: string, channelTtl?: number }} [options]
 */
export async function startDevFarcaster({
  port = 8792,
  rpcUrl,
  quiet = false,
  authKey = devFarcasterAuthKey,
  channelTtl = 3600,
} = {}) {
  if (rpcUrl !== undefined)
    await installDevFarcasterRegistry({
      rpcUrl,
      accounts: devFarcasterAccounts.filter((account) => account.registered),
    })
  const chain =
    rpcUrl === undefined
      ? undefined
      : createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })

  /** What the IdRegistry says owns `fid`: the chain's answer, else the registered dev accounts'. */
  const custodyOf = async (fid) => {
    if (chain === undefined)
      return (
        devFarcasterAccounts.find((account) => account.registered && account.fid === fid)
          ?.custody ?? zeroAddress
      )
    return chain.readContract({
      address: farcasterIdRegistryAddress,
      abi: farcasterRegistryAbis.idRegistry,
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    })
  }

  const channelStore = createChannelStore(channelTtl)
  const relayHeaders = { 'access-control-allow-origin': '*' }
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const json = (code, body) => {
      response.writeHead(code, {
        ...relayHeaders,
        'content-type': 'application/json; charset=utf-8',
      })
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/~/siwf') return signInPage(request, response, url)
    // The relay answers CORS for any origin (apps/relay/src/app.ts: corsOrigin "*").
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...relayHeaders,
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
        'content-length': '0',
      })
      return response.end()
    }
    const route = relayRoutes[`${request.method} ${url.pathname}`]
    if (route === undefined)
      return json(404, {
        message: `Route ${request.method}:${url.pathname} not found`,
        error: 'Not Found',
        statusCode: 404,
      })
    try {
      const [code, body] = await route(request)
      json(code, body)
    } catch (error) {
      if (error instanceof DevFarcasterError) return json(error.status, error.body)
      if (!quiet) console.error(`dev Farcaster relay: ${error.message}`)
      json(500, { error: error.message })
    }
  })
  const listening = await listenOnLoopback(server, port)
  const origin = `http://127.0.0.1:${listening}`
  const relayRoutes = createRelayRoutes({ channelStore, origin, authKey, custodyOf })
  const signIn = createSignIn({ relay: origin, channelStore, authKey, quiet })
  const signInPage = createSignInPage({ port: listening, channelStore, signIn, quiet })

  return {
    origin,
    /** What `createAppClient({ relay })` takes: auth-client adds `/v1/...` itself. */
    relayUrl: origin,
    authKey,
    accounts: devFarcasterAccounts,
    /**
     * Signs in to the channel of `signInUrl` (a channel's `url`) as the dev account `username`,
     * as the page's button does.
     * @param {string | URL} signInUrl
     * @param {{ username: string }} options
     */
    async approve(signInUrl, { username }) {
      const token = new URL(signInUrl).searchParams.get('channelToken')
      if (!token) throw new Error(`No channelToken in ${signInUrl}`)
      return signIn(token, username)
    },
    close: () => closeHttpServer(server),
  }
}
