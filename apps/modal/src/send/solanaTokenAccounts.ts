// What a Solana transfer reads of a token's accounts: the mint (decimals, supply, whether it is
// frozen or Token-2022's extensions stand in the way) and a holder's token account, decoded with
// the token programs' own decoders.
import { type Address, address, type MaybeEncodedAccount } from '@solana/kit'
import {
  AccountState,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  AccountState as AccountState2022,
  type Extension,
  type ExtensionArgs,
  getMintDecoder as getMint2022Decoder,
  getTokenDecoder as getToken2022Decoder,
  getTokenSize as getToken2022Size,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022'
import { SolanaTransferError } from './solanaTransferErrors'

type ExistingAccount = Extract<MaybeEncodedAccount, { exists: true }>

const NO_PROGRAM = address('11111111111111111111111111111111')
/**
 * The extension a mint extension adds to every token account of it (Token-2022's
 * get_required_init_account_extensions).
 */
const accountExtensionOf: Partial<Record<Extension['__kind'], ExtensionArgs>> = {
  TransferFeeConfig: { __kind: 'TransferFeeAmount', withheldAmount: 0n },
  NonTransferable: { __kind: 'NonTransferableAccount' },
  TransferHook: { __kind: 'TransferHookAccount', transferring: false },
  ConfidentialTransferFee: {
    __kind: 'ConfidentialTransferFeeAmount',
    withheldAmount: new Uint8Array(64),
  },
  PausableConfig: { __kind: 'PausableAccount' },
}

type MintFacts = {
  decimals: number
  /** Size of a new token account of this mint, extensions included. */
  tokenAccountSize: number
  /** Token-2022 DefaultAccountState: new accounts start frozen. */
  newAccountsFrozen: boolean
}

/**
 * The mint's decimals and what its Token-2022 extensions mean for a transfer: some refuse it here
 * (non-transferable, paused, a transfer fee or hook), some make new token accounts larger.
 */
export function readMint(account: ExistingAccount, is2022: boolean): MintFacts {
  if (!is2022) {
    const mint =
      account.data.length === getMintSize()
        ? decoded(() => getMintDecoder().decode(account.data))
        : undefined
    if (!mint?.isInitialized) throw new SolanaTransferError('notAMint')
    return { decimals: mint.decimals, tokenAccountSize: getTokenSize(), newAccountsFrozen: false }
  }
  const mint = decoded(() => getMint2022Decoder().decode(account.data))
  if (!mint?.isInitialized) throw new SolanaTransferError('notAMint')
  const extensions = mint.extensions.__option === 'Some' ? mint.extensions.value : []
  let newAccountsFrozen = false
  for (const extension of extensions) {
    if (extension.__kind === 'NonTransferable') throw new SolanaTransferError('nonTransferable')
    if (extension.__kind === 'PausableConfig' && extension.paused)
      throw new SolanaTransferError('paused')
    if (extension.__kind === 'TransferHook' && extension.programId !== NO_PROGRAM)
      throw new SolanaTransferError('transferHook')
    // Either fee may be in force, by epoch.
    if (
      extension.__kind === 'TransferFeeConfig' &&
      (extension.olderTransferFee.transferFeeBasisPoints !== 0 ||
        extension.newerTransferFee.transferFeeBasisPoints !== 0)
    )
      throw new SolanaTransferError('transferFee')
    if (extension.__kind === 'DefaultAccountState' && extension.state === AccountState2022.Frozen)
      newAccountsFrozen = true
  }
  // Every associated token account of Token-2022 carries ImmutableOwner, and what the mint's
  // extensions require.
  const accountExtensions = extensions.flatMap(
    (extension) => accountExtensionOf[extension.__kind] ?? [],
  )
  return {
    decimals: mint.decimals,
    tokenAccountSize: getToken2022Size([{ __kind: 'ImmutableOwner' }, ...accountExtensions]),
    newAccountsFrozen,
  }
}

/** A token account owned by `program` (undefined for anything else). */
export function readTokenAccount(account: MaybeEncodedAccount | undefined, program: Address) {
  if (!account?.exists || account.programAddress !== program) return undefined
  const data = account.data
  const token2022 = program === TOKEN_2022_PROGRAM_ADDRESS
  // A Token-2022 account may carry extensions past the base layout; a legacy one is exactly it.
  if (!token2022 && data.length !== getTokenSize()) return undefined
  const token = decoded(() => (token2022 ? getToken2022Decoder() : getTokenDecoder()).decode(data))
  const frozen = token2022 ? AccountState2022.Frozen : AccountState.Frozen
  return (
    token && {
      address: account.address,
      mint: token.mint,
      amount: token.amount,
      frozen: token.state === frozen,
    }
  )
}

/** What a decoder read, or undefined when the bytes are not of that layout. */
function decoded<value>(decode: () => value): value | undefined {
  try {
    return decode()
  } catch {
    return undefined
  }
}

export function otherProgram(program: Address): Address {
  return program === TOKEN_PROGRAM_ADDRESS ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS
}
