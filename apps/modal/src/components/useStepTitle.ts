/**
 * Titles the dialog after a view's step while it shows (a new wallet's recovery code inside the
 * Email or Connecting view reads "Recovery Code"); the view's own title is back once it is gone.
 */
import { useEffect } from 'react'
import { useModal } from './useModal'

export function useStepTitle(title: string | undefined) {
  const { store } = useModal()
  useEffect(() => {
    store.setState({ stepTitle: title })
    return () => store.setState({ stepTitle: undefined })
  }, [store, title])
}
