/** The modal runtime, for views that navigate or call controllers. */
import { useContext } from 'react'
import type { Modal } from '../flows/modal'
import { ModalContext } from './ModalContext'

export function useModal(): Modal {
  const modal = useContext(ModalContext)
  if (!modal) throw new Error('useModal must be used inside <ModalContext>.')
  return modal
}
