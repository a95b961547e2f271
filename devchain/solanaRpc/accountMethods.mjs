// @ts-check
// The local Solana RPC's methods that read accounts: balances, account data, and SPL token
// accounts, balances and supply.
import { getAddressDecoder, getBase58Encoder } from '@solana/kit'
import {
  bytesEqual,
  encodeAccount,
  isTokenAccountData,
  parseTokenAccount,
  TOKEN_2022_PROGRAM,
  TOKEN_ACCOUNT_SIZE,
  TOKEN_PROGRAM,
  tokenAmount,
} from './accounts.mjs'
import { errorCodes, RpcError } from './rpcErrors.mjs'
import { optionalConfig, requireAddress, withContext } from './rpcValues.mjs'

/** @typedef {import('@solana/kit').Address} Address */

/** @type {Record<string, import('./rpcValues.mjs').MethodHandler>} */
export const accountMethods = {
  getBalance: (chain, params) =>
    withContext(chain, chain.svm.getBalance(requireAddress(params, 0)) ?? 0n),
  getAccountInfo: (chain, params) => {
    const address = requireAddress(params, 0)
    const config = optionalConfig(params, 1)
    return withContext(chain, encodeAccount(chain.svm, address, config, 'binary'))
  },
  getMultipleAccounts: (chain, params) => {
    const addresses = params[0]
    if (!Array.isArray(addresses)) {
      throw new RpcError(errorCodes.invalidParams, 'Invalid params: expected an array of addresses')
    }
    const config = optionalConfig(params, 1)
    return withContext(
      chain,
      addresses.map((_, index) =>
        encodeAccount(chain.svm, requireAddress(addresses, index), config, 'base64'),
      ),
    )
  },
  getTokenAccountsByOwner: (chain, params) => {
    const owner = requireAddress(params, 0)
    const filter = optionalConfig(params, 1)
    const config = optionalConfig(params, 2)
    /** @type {string[]} */
    let programs
    /** @type {string | undefined} */
    let mint
    if (typeof filter.mint === 'string') {
      mint = filter.mint
      const mintAccount = chain.svm.getAccount(/** @type {Address} */ (mint))
      if (!mintAccount.exists) {
        throw new RpcError(errorCodes.invalidParams, 'Invalid param: could not find mint')
      }
      programs = [mintAccount.programAddress]
    } else if (typeof filter.programId === 'string') {
      programs = [filter.programId]
    } else {
      throw new RpcError(
        errorCodes.invalidParams,
        'Invalid params: expected a mint or programId filter',
      )
    }
    if (!programs.every((program) => program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM)) {
      throw new RpcError(errorCodes.invalidParams, 'Invalid param: unrecognized Token program id')
    }
    const ownerBytes = getBase58Encoder().encode(owner)
    const value = []
    for (const program of programs) {
      for (const account of chain.svm.getProgramAccounts(/** @type {Address} */ (program))) {
        const data = account.data
        if (data.length < TOKEN_ACCOUNT_SIZE || !isTokenAccountData(data)) continue
        if (!bytesEqual(data.subarray(32, 64), ownerBytes)) continue
        if (mint && getAddressDecoder().decode(data.subarray(0, 32)) !== mint) continue
        value.push({
          pubkey: account.address,
          account: encodeAccount(chain.svm, account.address, config, 'binary'),
        })
      }
    }
    return withContext(chain, value)
  },
  getTokenAccountBalance: (chain, params) => {
    const address = requireAddress(params, 0)
    const parsed = parseTokenAccount(chain.svm, address)
    if (parsed?.type !== 'account') {
      throw new RpcError(errorCodes.invalidParams, 'Invalid param: not a Token account')
    }
    return withContext(chain, parsed.info.tokenAmount)
  },
  getTokenSupply: (chain, params) => {
    const address = requireAddress(params, 0)
    const parsed = parseTokenAccount(chain.svm, address)
    if (parsed?.type !== 'mint') {
      throw new RpcError(errorCodes.invalidParams, 'Invalid param: not a Token mint')
    }
    return withContext(chain, tokenAmount(BigInt(parsed.info.supply), parsed.info.decimals))
  },
}
