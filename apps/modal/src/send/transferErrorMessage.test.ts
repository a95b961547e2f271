/**
 * Bitcoin's and Solana's transfer errors in the visitor's language: each reason by its message,
 * with the particulars its English names; English as the errors say it (they keep it for logs and
 * sites); other words kept as they are.
 */
import { InvalidParamsError, type Locale } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BitcoinTransferError,
  type BitcoinTransferErrorReason,
  bitcoinTransferErrors,
  checkRecipient,
  dustLimits,
  maxFeeRate,
} from '../bitcoin/bitcoinTransfer'
import { transferErrorText } from '../messages/transferErrorText'
import { SolanaTransferError, type SolanaTransferErrorReason } from './solanaTransferErrors'
import { solanaTransferErrors } from './solanaTransferWords'
import { transferErrorMessage } from './transferErrorMessage'

const regtest = 'Bitcoin Regtest'
const segwitRegtest = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const mainnetAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

/** What checkRecipient throws for `recipient` and `amount` sats on regtest. */
function recipientError(recipient: string, amount: bigint): BitcoinTransferError {
  try {
    checkRecipient(recipient, amount, 'regtest', regtest)
  } catch (error) {
    if (error instanceof BitcoinTransferError) return error
    throw error
  }
  throw new Error('checkRecipient accepted it')
}

const bitcoinReasons = Object.keys(bitcoinTransferErrors) as BitcoinTransferErrorReason[]
const plainSolanaReasons = (
  Object.keys(solanaTransferErrors) as SolanaTransferErrorReason[]
).filter(
  (reason): reason is Exclude<SolanaTransferErrorReason, 'failed' | `${string}BelowRent`> =>
    typeof solanaTransferErrors[reason] === 'string',
)
const rentMinimum = '0.00089088'

/** Every error a transfer makes, by reason (particulars included where they are named). */
function everyTransferError(): Error[] {
  return [
    ...bitcoinReasons.map((reason) => new BitcoinTransferError(reason)),
    recipientError(mainnetAddress, 10_000n),
    recipientError(segwitRegtest, 100n),
    ...plainSolanaReasons.map((reason) => new SolanaTransferError(reason)),
    ...(['senderBelowRent', 'receiverBelowRent'] as const).flatMap((reason) => [
      new SolanaTransferError(reason, { message: solanaTransferErrors[reason]() }),
      new SolanaTransferError(reason, { message: solanaTransferErrors[reason](rentMinimum) }),
    ]),
    new SolanaTransferError('failed', {
      message: solanaTransferErrors.failed('{"InstructionError":[0,{"Custom":42}]}'),
    }),
  ]
}

describe('transferErrorText in English', () => {
  it('behavior: says what each error says, word for word (the tables and the messages are one)', () => {
    const errors = everyTransferError()
    expect(errors).toHaveLength(bitcoinReasons.length + 2 + plainSolanaReasons.length + 5)
    for (const error of errors) expect(transferErrorMessage(error)).toBe(error.message)
  })

  it('behavior: each message is its table’s English, with the same particulars', () => {
    const { bitcoin, solana } = transferErrorText
    expect(bitcoin.wrongNetwork).toBe(bitcoinTransferErrors.wrongNetwork())
    expect(bitcoin.wrongNetworkNamed(regtest)).toBe(bitcoinTransferErrors.wrongNetwork(regtest))
    expect(bitcoin.dust).toBe(bitcoinTransferErrors.dust())
    for (const limit of Object.values(dustLimits))
      expect(bitcoin.dustLimit(limit)).toBe(bitcoinTransferErrors.dust(limit))
    expect(bitcoin.feeRate(maxFeeRate)).toBe(bitcoinTransferErrors.feeRate)
    for (const reason of [
      'insufficient',
      'unsupportedAccount',
      'notPsbt',
      'unsigned',
      'altered',
    ] as const)
      expect(bitcoin[reason]).toBe(bitcoinTransferErrors[reason])
    for (const reason of plainSolanaReasons)
      expect(solana[reason]).toBe(solanaTransferErrors[reason])
    expect(solana.senderBelowRent).toBe(solanaTransferErrors.senderBelowRent())
    expect(solana.senderBelowRentAmount(rentMinimum)).toBe(
      solanaTransferErrors.senderBelowRent(rentMinimum),
    )
    expect(solana.receiverBelowRent).toBe(solanaTransferErrors.receiverBelowRent())
    expect(solana.receiverBelowRentAmount(rentMinimum)).toBe(
      solanaTransferErrors.receiverBelowRent(rentMinimum),
    )
    expect(solana.failed('custom program error: 0x2a')).toBe(
      solanaTransferErrors.failed('custom program error: 0x2a'),
    )
  })
})

describe('transferErrorMessage in another language', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  /**
   * The module as a frame in `locale` loads it: a frame whose URL names the locale (the real
   * frameLocale and catalogues read it; in Node the catalogue is its ICU source, which Lingui
   * compiles as it reads it).
   */
  async function inLocale(locale: Exclude<Locale, 'en'>) {
    vi.resetModules()
    vi.stubGlobal('location', new URL(`https://modal.example/modal?locale=${locale}`))
    vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' })
    const { transferErrorMessage } = await import('./transferErrorMessage')
    return { transferErrorMessage }
  }

  it('behavior: each reason is said by its own message, none in English', async () => {
    const french = await inLocale('fr')
    const errors = everyTransferError()
    const shown = errors.map((error) => french.transferErrorMessage(error))
    for (const [index, text] of shown.entries()) {
      expect(text).toBeTypeOf('string')
      expect(text).not.toBe(errors[index]?.message)
    }
    expect(new Set(shown).size).toBe(errors.length)
    expect(french.transferErrorMessage(new BitcoinTransferError('insufficient'))).toBe(
      'Pas assez de BTC pour ce montant et ses frais.',
    )
    expect(french.transferErrorMessage(new SolanaTransferError('invalidReceiver'))).toBe(
      'Saisissez une adresse Solana valide.',
    )
  })

  it('behavior: the network, the dust limit, the rent minimum and the cluster’s words are carried', async () => {
    const french = await inLocale('fr')
    expect(french.transferErrorMessage(recipientError(mainnetAddress, 10_000n))).toBe(
      'Ce n’est pas une adresse Bitcoin Regtest.',
    )
    expect(french.transferErrorMessage(recipientError(segwitRegtest, 100n))).toBe(
      'Le montant est sous la limite de poussière de 294 sats pour cette adresse.',
    )
    expect(french.transferErrorMessage(new BitcoinTransferError('feeRate'))).toBe(
      `Le taux de frais doit être un nombre entier de sat/vB, de 1 à ${new Intl.NumberFormat('fr').format(maxFeeRate)}.`,
    )
    const rent = new SolanaTransferError('receiverBelowRent', {
      message: solanaTransferErrors.receiverBelowRent(rentMinimum),
    })
    expect(french.transferErrorMessage(rent)).toBe(
      `Le compte du destinataire est nouveau : envoyez au moins ${rentMinimum} SOL, le minimum qu’un compte doit détenir.`,
    )
    const failed = new SolanaTransferError('failed', {
      message: solanaTransferErrors.failed('"ProgramFailedToComplete"'),
    })
    expect(french.transferErrorMessage(failed)).toBe(
      'La transaction a échoué : "ProgramFailedToComplete"',
    )
    const german = await inLocale('de')
    expect(german.transferErrorMessage(recipientError(segwitRegtest, 100n))).toBe(
      'Der Betrag liegt unter dem Dust-Limit von 294 Sats für diese Adresse.',
    )
    const arabic = await inLocale('ar')
    expect(arabic.transferErrorMessage(recipientError(segwitRegtest, 100n))).toBe(
      `المبلغ أقل من حد الغبار لهذا العنوان (${new Intl.NumberFormat('ar').format(294)} ساتوشي).`,
    )
  })

  it('behavior: a Bitcoin refusal the site’s request path passed on in an RPC error is read by its words', async () => {
    const japanese = await inLocale('ja')
    const answered = new InvalidParamsError({
      message: bitcoinTransferErrors.insufficient,
      details: 'Esplora: 0 spendable coins',
    })
    expect(japanese.transferErrorMessage(answered)).toBe(
      'この金額と手数料に対して BTC が足りません。',
    )
  })

  it('behavior: an error without a known reason, or with other words than its reason’s, keeps its words (none given)', async () => {
    const french = await inLocale('fr')
    const unknownReason = Object.assign(new Error('Quota exceeded'), {
      name: 'SolanaTransferError',
      reason: 'quotaExceeded',
    })
    expect(french.transferErrorMessage(unknownReason)).toBeUndefined()
    expect(
      french.transferErrorMessage(
        Object.assign(new Error('x'), { name: 'BitcoinTransferError', reason: 'toString' }),
      ),
    ).toBeUndefined()
    expect(
      french.transferErrorMessage(new BitcoinTransferError('insufficient', 'Esplora said no.')),
    ).toBeUndefined()
    expect(
      french.transferErrorMessage(
        new SolanaTransferError('senderBelowRent', { message: 'Keep 1 SOL, please.' }),
      ),
    ).toBeUndefined()
    expect(french.transferErrorMessage(new Error('execution reverted'))).toBeUndefined()
    expect(french.transferErrorMessage('insufficient')).toBeUndefined()
    expect(french.transferErrorMessage(undefined)).toBeUndefined()
  })
})
