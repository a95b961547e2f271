/**
 * What an empty Tokens, NFTs or Activity tab offers next: the wallet's ways to get something into
 * the account (Buy, Receive), where they are on for the page and the network — so an empty state
 * is not a dead end.
 */
import { useShallow } from 'zustand/react/shallow'
import { preloadOnIntent } from '../../components/preloadOnIntent'
import { useModal } from '../../components/useModal'
import { useModalState } from '../../components/useModalState'
import { accountText } from '../../messages/accountText'
import { availableWalletFeatures } from '../../stores/walletFeatures'
import list from '../list.module.css'

const nextSteps = accountText.emptyStateActions

export function EmptyStateActions() {
  const modal = useModal()
  const ways = useModalState(
    useShallow((state) =>
      availableWalletFeatures(state).filter(([feature]) => feature in nextSteps),
    ),
  )
  if (ways.length === 0) return null
  return (
    <div className={list.actions} data-empty-actions="">
      {ways.map(([feature, view]) => (
        <button
          key={feature}
          type="button"
          className={list.button}
          {...preloadOnIntent(modal, view)}
          onClick={() => modal.navigation.push(view)}
        >
          {nextSteps[feature as keyof typeof nextSteps]}
        </button>
      ))}
    </div>
  )
}
