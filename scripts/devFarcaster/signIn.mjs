// What the Farcaster phone app does when its user taps "Sign in": builds the sign-in message for
// the channel's parameters with auth-client, signs it with the dev account's custody key and
// authenticates the channel through the relay.
import { createWalletClient } from '@farcaster/auth-client'
import { privateKeyToAccount } from 'viem/accounts'
import { devFarcasterAccounts } from './accounts.mjs'
import { DevFarcasterError } from './devFarcasterError.mjs'

/**
 * The dev app's sign-in, `(channelToken, username)`, through the relay at `relay`.
 * @param {{ relay: string, channelStore: import('./channels.mjs').ChannelStore, authKey: string, quiet: boolean }} app
 */
export function createSignIn({ relay, channelStore, authKey, quiet }) {
  const wallet = createWalletClient({
    relay,
    // The app side never reads the chain (it builds, signs and posts); the client wants one anyway.
    ethereum: {
      getFid: () => Promise.reject(new Error('The dev Farcaster app verifies nothing.')),
      isValidAuthAddress: () =>
        Promise.reject(new Error('The dev Farcaster app verifies nothing.')),
      publicClient: /** @type {any} */ (undefined),
    },
  })

  /**
   * What the phone app does when its user taps "Sign in": builds the sign-in message for the
   * channel's parameters, signs it with the account's custody key and authenticates the channel.
   * @param {string} token
   * @param {string} username
   */
  const signIn = async (token, username) => {
    const account = devFarcasterAccounts.find((candidate) => candidate.username === username)
    if (account === undefined)
      throw new DevFarcasterError(
        400,
        `No dev Farcaster account @${username}: try ${devFarcasterAccounts.map((a) => `@${a.username}`).join(', ')}.`,
      )
    const params = channelStore.readPending(token).signatureParams
    const custody = privateKeyToAccount(account.privateKey)
    let built
    try {
      built = wallet.buildSignInMessage({
        address: custody.address,
        fid: account.fid,
        uri: params.siweUri,
        domain: params.domain,
        nonce: params.nonce,
        ...(params.notBefore !== undefined && { notBefore: new Date(params.notBefore) }),
        ...(params.expirationTime !== undefined && {
          expirationTime: new Date(params.expirationTime),
        }),
        ...(params.requestId !== undefined && { requestId: params.requestId }),
      })
    } catch (error) {
      built = { isError: true, error }
    }
    if (built.isError)
      throw new DevFarcasterError(
        422,
        `No sign-in message can be made for this request: ${built.error.message}`,
      )
    const signature = await custody.signMessage({ message: built.message })
    const result = await wallet.authenticate({
      channelToken: token,
      authKey,
      message: built.message,
      signature,
      fid: account.fid,
      username: account.username,
      displayName: account.displayName,
      bio: account.bio,
      ...(account.pfpUrl !== undefined && { pfpUrl: account.pfpUrl }),
    })
    if (result.isError) throw new DevFarcasterError(502, result.error.message)
    if (result.response.status !== 201)
      throw new DevFarcasterError(
        502,
        `The relay refused the sign-in (${result.response.status}): ${JSON.stringify(result.data)}`,
      )
    if (!quiet)
      console.log(
        `dev Farcaster: @${account.username} (fid ${account.fid}) signed in to ${params.domain}`,
      )
    return {
      channelToken: token,
      username: account.username,
      fid: account.fid,
      custody: custody.address,
      message: built.message,
      signature,
    }
  }

  return signIn
}
