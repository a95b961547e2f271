/**
 * `<ConnectButton>`: "Connect" while nobody is connected; then the account as the modal shows it
 * (its avatar, its name or short address, its balance). Either opens the modal. Needs only
 * `<AirlockProvider>`, not wagmi.
 */
import { truncateAddress } from '@airlock/protocol'
import { useAirlock, useAirlockAccount } from './hooks'

export type ConnectButtonProps = { className?: string }

/** Only pictures the modal's origin serves (its image proxy) or inline ones are shown. */
const isPicture = (url: string | undefined): url is string =>
  !!url &&
  (/^data:image\//.test(url) || url.startsWith('https://') || url.startsWith('http://localhost'))

export function ConnectButton({ className }: ConnectButtonProps) {
  const { airlock, open } = useAirlock()
  const account = useAirlockAccount()
  if (!account.isConnected || !account.address)
    return (
      <button
        type="button"
        className={className}
        data-airlock-connect=""
        disabled={!airlock}
        onClick={() => open()}
      >
        Connect
      </button>
    )
  const label = account.name ?? truncateAddress(account.address)
  return (
    <button
      type="button"
      className={className}
      data-airlock-account=""
      onClick={() => open({ view: 'Account' })}
    >
      {isPicture(account.avatar) && <img src={account.avatar} alt="" width={20} height={20} />}
      <span>{label}</span>
      {account.balance && <span> {account.balance}</span>}
    </button>
  )
}
