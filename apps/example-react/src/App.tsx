/**
 * The example dapp: connect through Airlock (its ConnectButton, or wagmi's connect with Airlock's
 * connector), then the connected account's balance, a signed message, a payment and a batch of
 * calls (EIP-5792), each through wagmi's hooks.
 */
import { ConnectButton } from '@airlock/react'
import { type FormEvent, useState } from 'react'
import { type Address, formatEther, isAddress, parseEther } from 'viem'
import {
  useBalance,
  useConnect,
  useConnection,
  useDisconnect,
  useSendCalls,
  useSendTransaction,
  useSignMessage,
  useWaitForCallsStatus,
  useWaitForTransactionReceipt,
} from 'wagmi'

/** A form's field, by name. */
const field = (event: FormEvent<HTMLFormElement>, name: string) =>
  String(new FormData(event.currentTarget).get(name) ?? '').trim()

export function App() {
  const connection = useConnection()
  return (
    <main>
      <h1>Airlock + wagmi</h1>
      <section aria-label="Account">
        <ConnectButton />
        {connection.status === 'connected' ? (
          <Connected address={connection.address} />
        ) : (
          <Connect />
        )}
      </section>
      {connection.status === 'connected' && (
        <>
          <Sign />
          <Send />
          <Batch />
        </>
      )}
    </main>
  )
}

function Connect() {
  const connect = useConnect()
  const [airlock] = connect.connectors.filter((connector) => connector.id === 'airlock')
  return (
    <p>
      <button
        type="button"
        disabled={!airlock || connect.isPending}
        onClick={() => airlock && connect.mutate({ connector: airlock })}
      >
        Connect with wagmi
      </button>
      {connect.error && <output aria-label="Connect error">{connect.error.message}</output>}
    </p>
  )
}

function Connected({ address }: { address: Address }) {
  const balance = useBalance({ address, query: { refetchInterval: 2_000 } })
  const disconnect = useDisconnect()
  return (
    <dl>
      <dt>Address</dt>
      <dd>
        <output aria-label="Address">{address}</output>
      </dd>
      <dt>Balance</dt>
      <dd>
        <output aria-label="Balance">
          {balance.data ? `${formatEther(balance.data.value)} ${balance.data.symbol}` : '…'}
        </output>
      </dd>
      <dd>
        <button type="button" onClick={() => disconnect.mutate()}>
          Disconnect
        </button>
      </dd>
    </dl>
  )
}

function Sign() {
  const sign = useSignMessage()
  return (
    <form
      aria-label="Sign a message"
      onSubmit={(event) => {
        event.preventDefault()
        sign.mutate({ message: field(event, 'message') })
      }}
    >
      <h2>Sign a message</h2>
      <label>
        Message <input name="message" defaultValue="Hello from the Airlock example" />
      </label>
      <button type="submit" disabled={sign.isPending}>
        Sign
      </button>
      {sign.data && <output aria-label="Signature">{sign.data}</output>}
      {sign.error && <output aria-label="Sign error">{sign.error.message}</output>}
    </form>
  )
}

/** Reads a recipient and an amount of ether, refusing what isn't one in words. */
function usePayment() {
  const [problem, setProblem] = useState<string>()
  const read = (event: FormEvent<HTMLFormElement>, to: string, amount: string) => {
    const recipient = field(event, to)
    const ether = field(event, amount)
    if (!isAddress(recipient)) return setProblem(`${recipient || 'Nothing'} is not an address.`)
    if (!/^\d+(\.\d{1,18})?$/.test(ether)) return setProblem(`${ether} is not an amount of ETH.`)
    setProblem(undefined)
    return { to: recipient, value: parseEther(ether) }
  }
  return { problem, read }
}

function Send() {
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data })
  const payment = usePayment()
  return (
    <form
      aria-label="Send ETH"
      onSubmit={(event) => {
        event.preventDefault()
        const transaction = payment.read(event, 'to', 'amount')
        if (transaction) send.mutate(transaction)
      }}
    >
      <h2>Send ETH</h2>
      <label>
        To <input name="to" placeholder="0x…" />
      </label>
      <label>
        Amount <input name="amount" defaultValue="0.01" />
      </label>
      <button type="submit" disabled={send.isPending}>
        Send
      </button>
      {payment.problem && <output aria-label="Send error">{payment.problem}</output>}
      {send.error && <output aria-label="Send error">{send.error.message}</output>}
      {send.data && (
        <output aria-label="Transaction">
          {send.data} {receipt.data ? `(${receipt.data.status})` : '(pending)'}
        </output>
      )}
    </form>
  )
}

function Batch() {
  const sendCalls = useSendCalls()
  const status = useWaitForCallsStatus({ id: sendCalls.data?.id })
  const payment = usePayment()
  return (
    <form
      aria-label="Send a batch"
      onSubmit={(event) => {
        event.preventDefault()
        const first = payment.read(event, 'first', 'batchAmount')
        const second = first && payment.read(event, 'second', 'batchAmount')
        if (first && second) sendCalls.mutate({ calls: [first, second] })
      }}
    >
      <h2>Send a batch (EIP-5792)</h2>
      <label>
        First <input name="first" placeholder="0x…" />
      </label>
      <label>
        Second <input name="second" placeholder="0x…" />
      </label>
      <label>
        Each <input name="batchAmount" defaultValue="0.01" />
      </label>
      <button type="submit" disabled={sendCalls.isPending}>
        Send both
      </button>
      {payment.problem && <output aria-label="Batch error">{payment.problem}</output>}
      {sendCalls.error && <output aria-label="Batch error">{sendCalls.error.message}</output>}
      {sendCalls.data && (
        <output aria-label="Batch">{status.data ? status.data.status : 'pending'}</output>
      )}
    </form>
  )
}
