/**
 * The modal's ports to the host page: how to call its SDK (its wallets, the site's sign-in), tell
 * it to show or hide the frame, and reach what the frame remembers there. The bridge fills them
 * in once it is up (bridge/startBridge.ts); until then nothing reaches the host.
 */
import { DisconnectedError } from '@airlock/protocol'
import type { HostCall } from './connectors/types'
import type { KeyValueStore } from './stores/persistence'

export function createHostPorts() {
  let setFrameVisible: (visible: boolean) => void = () => {}
  // Until the bridge is up there is no host to reach a wallet (or the site's sign-in) through.
  let hostCall: HostCall = async () => {
    throw new DisconnectedError({ message: 'The host page is not connected.' })
  }
  // Nothing is remembered or restored until the bridge has proved the project and the host.
  let storage: KeyValueStore | undefined
  const call: HostCall = (name, ...args) => hostCall(name, ...args)
  return {
    call,
    setFrameVisible: (visible: boolean) => setFrameVisible(visible),
    storage: () => storage,
    /** The bridge registers how to tell the host the frame closed itself, or is to be shown. */
    onFrameVisibility(listener: (visible: boolean) => void) {
      setFrameVisible = listener
    },
    /** The bridge registers how to call the host page's SDK (its wallets, the site's sign-in). */
    setHostCall(next: HostCall) {
      hostCall = next
    },
    /** The bridge opens the storage of this project on this host (stores/frameStorage.ts). */
    setStorage(scoped: KeyValueStore) {
      storage = scoped
    },
  }
}
export type HostPorts = ReturnType<typeof createHostPorts>
