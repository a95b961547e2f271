/**
 * Approve twice for a request the simulation says will revert: the first press only asks
 * ("Approve anyway?"), the second approves. The second answers only after `delayMs`, so a
 * double-click (one the host page asked for elsewhere, say) can't pass both at once.
 */
import { useEffect, useState } from 'react'
import type { PendingApproval } from '../../embeddedWallet/approvals'
import type { SimulationQuery } from './useSimulation'

/**
 * @example
 * const second = useSecondConfirmation(approval, simulation, 500)
 * <button disabled={second.waiting} onClick={() => second.confirm() && approve()}>
 *   {second.asking ? 'Approve anyway' : 'Approve'}
 * </button>
 */
export function useSecondConfirmation(
  approval: PendingApproval | undefined,
  simulation: SimulationQuery | undefined,
  delayMs: number,
) {
  const [asked, setAsked] = useState<PendingApproval | undefined>()
  const [ready, setReady] = useState<PendingApproval | undefined>()
  useEffect(() => {
    if (!asked) return
    const timer = setTimeout(() => setReady(asked), delayMs)
    return () => clearTimeout(timer)
  }, [asked, delayMs])
  const reverts = simulation?.data?.outcome === 'reverts'
  const asking = reverts && asked !== undefined && asked === approval
  return {
    /** The visitor was asked once: Approve now approves anyway. */
    asking,
    /** Asked, and the second press is not taken yet. */
    waiting: asking && ready !== approval,
    /** Approve was pressed: true to approve now, false when this press only asked. */
    confirm(): boolean {
      if (!reverts || asking) return true
      setAsked(approval)
      return false
    },
  }
}
