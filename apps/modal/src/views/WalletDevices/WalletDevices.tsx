/**
 * WalletDevices: the devices the email wallet opens on, this one marked, and Remove for a lost
 * one (asked twice). Removing re-splits the wallet (issue 33, point 5): the removed device's key
 * is gone at the API and its share combines with nothing the API keeps, the other devices take
 * their new share at their next opening; removing this device locks the wallet here until the
 * recovery code restores it.
 */
import type { EmbeddedWalletDevice } from '@airlock/protocol'
import { skipToken, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { formatDay } from '../../i18n/localNumbers'
import { devicesText as text } from '../../messages/emailLoginText'
import { queryClientOf } from '../../queries/queryClient'
import { activeConnection } from '../../stores/connections'
import { showToast } from '../../stores/toasts'
import { NotEmailWallet } from '../EmailLogin/NotEmailWallet'
import form from '../form.module.css'
import list from '../list.module.css'

/** The devices of the wallet signed in as `email`, kept per modal until one is removed. */
const devicesKey = (email: string | undefined) => ['embeddedWallet', 'devices', email] as const

export function WalletDevices() {
  const modal = useModal()
  const queries = queryClientOf(modal.store)
  const email = useModalState((state) => activeConnection(state)?.authName)
  const [confirming, setConfirming] = useState<string | undefined>()
  const devices = useQuery(
    {
      queryKey: devicesKey(email),
      queryFn: email ? async () => (await modal.embeddedWallet.load()).api.devices() : skipToken,
    },
    queries,
  )
  const removal = useMutation(
    {
      mutationFn: async (device: EmbeddedWalletDevice) => {
        const wallet = await modal.embeddedWallet.load()
        await wallet.revokeDevice(device.deviceId, { current: device.current })
      },
      onSuccess: async (_, device) => {
        showToast(modal.store, { message: text.removedToast, variant: 'success', autoClose: true })
        if (device.current) {
          // Its sessions ended with it: the wallet locks here.
          await modal.disconnect()
          showToast(modal.store, {
            message: text.thisDeviceRemoved,
            variant: 'error',
            autoClose: false,
          })
          await modal.closeModal({ fromFrame: true })
          return
        }
        await queries.invalidateQueries({ queryKey: devicesKey(email) })
      },
      onSettled: () => setConfirming(undefined),
    },
    queries,
  )
  const removing = removal.isPending ? removal.variables?.deviceId : undefined
  const failed = devices.isError
  const remove = (device: EmbeddedWalletDevice) => removal.mutate(device)

  if (!email) return <NotEmailWallet />
  return (
    <>
      <p className={list.note}>{text.explain}</p>
      {failed && (
        <p className={list.warning} role="alert">
          {text.failed}
        </p>
      )}
      {removal.isError && (
        <p className={list.warning} role="alert">
          {(removal.error as Partial<Error> | null)?.name === 'LegacyRecoverySealError'
            ? text.newCodeFirst
            : text.removeFailed}
        </p>
      )}
      {!devices.data && !failed && <p className={list.note}>{text.loading}</p>}
      <ul className={list.list} aria-label={text.listLabel}>
        {devices.data?.map((device) => (
          <li key={device.deviceId} className={list.item} data-device-id={device.deviceId}>
            <span className={`${list.name} ${form.stacked}`}>
              <span>
                {device.label}
                {device.current && (
                  <>
                    {' '}
                    <span className={list.tagActive}>{text.thisDevice}</span>
                  </>
                )}
              </span>
              <small>
                {text.added(formatDay(device.createdAt))},{' '}
                {text.lastUsed(formatDay(device.lastUsedAt))}
              </small>
            </span>
            {device.revokedAt ? (
              <span className={list.tag}>{text.removed}</span>
            ) : (
              <button
                type="button"
                className={list.button}
                disabled={removing !== undefined}
                onClick={() =>
                  confirming === device.deviceId ? remove(device) : setConfirming(device.deviceId)
                }
              >
                {removing === device.deviceId
                  ? text.removing
                  : confirming === device.deviceId
                    ? text.confirmRemove
                    : text.remove}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}
