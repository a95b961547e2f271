import type { RequestArguments } from '@airlock/protocol'
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransaction,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { beforeAll, describe, expect, test } from 'vitest'
import type { SessionView } from '../../walletconnect/namespaces'
import type { Connector, RequestContext } from '../types'
import type { WalletConnectSessions } from './sessions'
import { walletConnect } from './walletConnect'

const localnet = 'solana:localnet' as const
const anvil = 'eip155:31337' as const
const evmAddress = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const base58 = { text: getBase58Decoder(), bytes: getBase58Encoder() }
const base64 = { text: getBase64Decoder(), bytes: getBase64Encoder() }

let phone: CryptoKeyPair
let phoneAddress: Address
let stranger: Address
beforeAll(async () => {
  phone = await generateKeyPair()
  phoneAddress = await getAddressFromPublicKey(phone.publicKey)
  stranger = await getAddressFromPublicKey((await generateKeyPair()).publicKey)
})

/** An unsigned SOL transfer paid by `payer`, in wire bytes, as a site builds one. */
function transfer(payer: Address) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash,
          lastValidBlockHeight: 100n,
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(payer),
            destination: stranger,
            amount: lamports(1_000n),
          }),
        ],
        m,
      ),
  )
  return compileTransaction(message)
}
const wire = (transaction: ReturnType<typeof transfer>) =>
  new Uint8Array(getTransactionEncoder().encode(transaction))

/**
 * A WalletConnect session on Anvil and Solana whose wallet answers each request with `answer`;
 * the requests it got are in `sent`.
 */
function phoneSession(answer: (request: RequestArguments) => Promise<unknown>) {
  const sent: RequestArguments[] = []
  const approved: SessionView['approved'] = [anvil, localnet]
  const sessions: WalletConnectSessions = {
    restore: async () => true,
    current: (namespace) => {
      const network = namespace === 'solana' ? localnet : anvil
      return {
        approved,
        network,
        accounts: [namespace === 'solana' ? phoneAddress : evmAddress],
      }
    },
    hasSession: () => true,
    request: async (request) => {
      sent.push(request)
      return answer(request)
    },
    disconnect: async () => {},
  }
  const kind = walletConnect(sessions, () => ({ name: 'Phone Wallet', icon: '' }))
  const on = (namespace: string) =>
    kind.connectors().find((connector) => connector.namespace === namespace) as Connector
  return { sent, solana: on('solana'), evm: on('eip155') }
}

const asSite: RequestContext = { address: undefined, network: localnet }
const siteRequest = (connector: Connector, request: RequestArguments) =>
  connector.request(request, { ...asSite, address: phoneAddress })

/** What the phone signs: the bytes WalletConnect carried, signed with its key. */
async function signText(base58Text: string) {
  return base58.text.decode(await signBytes(phone.privateKey, base58.bytes.encode(base58Text)))
}

describe('Solana over WalletConnect', () => {
  test('behavior: signMessage goes as base58 with the pubkey; the base58 signature comes back as 64 bytes that verify', async () => {
    const { sent, solana } = phoneSession(async ({ params }) => ({
      signature: await signText((params as { message: string }).message),
    }))
    const message = new TextEncoder().encode('Sign in with your phone')
    const answer = (await siteRequest(solana, {
      method: 'solana_signMessage',
      params: { message },
    })) as { signature: Uint8Array; signedMessage: Uint8Array }
    expect(sent).toEqual([
      {
        method: 'solana_signMessage',
        params: { message: base58.text.decode(message), pubkey: phoneAddress },
      },
    ])
    expect(answer.signature).toBeInstanceOf(Uint8Array)
    expect(answer.signature).toHaveLength(64)
    expect(answer.signedMessage).toEqual(message)
    expect(
      await verifySignature(phone.publicKey, answer.signature as SignatureBytes, message),
    ).toBe(true)
  })

  test('behavior: signTransaction goes as base64 wire bytes; the signed transaction comes back as bytes', async () => {
    const { sent, solana } = phoneSession(async ({ params }) => {
      const transaction = getTransactionDecoder().decode(
        base64.bytes.encode((params as { transaction: string }).transaction),
      )
      const signed = await signTransaction([phone], transaction)
      return { transaction: base64.text.decode(getTransactionEncoder().encode(signed)) }
    })
    const transaction = wire(transfer(phoneAddress))
    const { signedTransaction } = (await siteRequest(solana, {
      method: 'solana_signTransaction',
      params: { transaction },
    })) as { signedTransaction: Uint8Array }
    expect(sent[0]).toEqual({
      method: 'solana_signTransaction',
      params: { transaction: base64.text.decode(transaction), pubkey: phoneAddress },
    })
    const signed = getTransactionDecoder().decode(signedTransaction)
    const signature = signed.signatures[phoneAddress]
    expect(signature).toBeTruthy()
    expect(
      await verifySignature(phone.publicKey, signature as SignatureBytes, signed.messageBytes),
    ).toBe(true)
  })

  test("behavior: a wallet answering signTransaction with its signature only gets it put in the account's slot", async () => {
    const { solana } = phoneSession(async ({ params }) => {
      const { messageBytes } = getTransactionDecoder().decode(
        base64.bytes.encode((params as { transaction: string }).transaction),
      )
      return { signature: base58.text.decode(await signBytes(phone.privateKey, messageBytes)) }
    })
    const unsigned = transfer(phoneAddress)
    const { signedTransaction } = (await siteRequest(solana, {
      method: 'solana_signTransaction',
      params: { transaction: wire(unsigned) },
    })) as { signedTransaction: Uint8Array }
    const signed = getTransactionDecoder().decode(signedTransaction)
    expect(signed.messageBytes).toEqual(unsigned.messageBytes)
    expect(
      await verifySignature(
        phone.publicKey,
        signed.signatures[phoneAddress] as SignatureBytes,
        unsigned.messageBytes,
      ),
    ).toBe(true)
  })

  test('behavior: signAndSendTransaction answers the base58 transaction signature as 64 bytes', async () => {
    const txSignature = new Uint8Array(64).fill(7)
    const { sent, solana } = phoneSession(async () => ({
      signature: base58.text.decode(txSignature),
    }))
    const transaction = wire(transfer(phoneAddress))
    expect(
      await siteRequest(solana, {
        method: 'solana_signAndSendTransaction',
        params: { transaction },
      }),
    ).toEqual({ signature: txSignature })
    expect(sent[0]?.params).toEqual({
      transaction: base64.text.decode(transaction),
      pubkey: phoneAddress,
    })
  })

  test('error: an answer the site could not use is refused in words, naming the method', async () => {
    const transaction = wire(transfer(phoneAddress))
    const cases: [string, unknown, string][] = [
      [
        'solana_signMessage',
        { signature: base58.text.decode(new Uint8Array(32)) },
        "The wallet's answer to solana_signMessage has no 64-byte base58 signature.",
      ],
      [
        'solana_signMessage',
        { signature: '0OIl not base58' },
        "The wallet's answer to solana_signMessage has no 64-byte base58 signature.",
      ],
      [
        'solana_signAndSendTransaction',
        null,
        "The wallet's answer to solana_signAndSendTransaction has no 64-byte base58 signature.",
      ],
      [
        'solana_signTransaction',
        { transaction: base64.text.decode(transaction) },
        `The wallet's answer to solana_signTransaction is a transaction without the signature of ${phoneAddress}.`,
      ],
      [
        'solana_signTransaction',
        { transaction: 'aGVsbG8=' },
        "The wallet's answer to solana_signTransaction is not a base64 Solana transaction.",
      ],
    ]
    for (const [method, answer, words] of cases) {
      const { solana } = phoneSession(async () => answer)
      const key = method === 'solana_signMessage' ? 'message' : 'transaction'
      await expect(
        siteRequest(solana, { method, params: { [key]: transaction } }),
      ).rejects.toMatchObject({ code: -32603, shortMessage: words })
    }
  })

  test('error: a signature for a transaction the account does not sign is refused', async () => {
    const { solana } = phoneSession(async () => ({
      signature: base58.text.decode(new Uint8Array(64).fill(1)),
    }))
    await expect(
      siteRequest(solana, {
        method: 'solana_signTransaction',
        params: { transaction: wire(transfer(stranger)) },
      }),
    ).rejects.toMatchObject({
      shortMessage: `The wallet's answer to solana_signTransaction is a signature, and ${phoneAddress} does not sign this transaction.`,
    })
  })

  test("error: the wallet's refusal reaches the site as it came", async () => {
    const declined = Object.assign(new Error('Signature declined'), { code: 4001 })
    const { solana } = phoneSession(async () => {
      throw declined
    })
    await expect(
      siteRequest(solana, {
        method: 'solana_signMessage',
        params: { message: new Uint8Array([1]) },
      }),
    ).rejects.toBe(declined)
  })

  test('behavior: without an account on the request, the session Solana account signs', async () => {
    const { sent, solana } = phoneSession(async ({ params }) => ({
      signature: await signText((params as { message: string }).message),
    }))
    await solana.request(
      { method: 'solana_signMessage', params: { message: new Uint8Array([1, 2]) } },
      asSite,
    )
    expect(sent[0]?.params).toMatchObject({ pubkey: phoneAddress })
  })

  test('behavior: EVM requests go to the session as the site sent them', async () => {
    const { sent, evm } = phoneSession(async () => '0xsigned')
    const request = { method: 'personal_sign', params: ['0x68690a', evmAddress] }
    expect(await evm.request(request, { address: evmAddress, network: anvil })).toBe('0xsigned')
    expect(sent).toEqual([request])
  })
})
