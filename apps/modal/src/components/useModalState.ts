/** Reads a slice of the modal store and re-renders when it changes. */
import { useStore } from 'zustand'
import type { ModalState } from '../stores/store'
import { useModal } from './useModal'

export function useModalState<slice>(select: (state: ModalState) => slice): slice {
  return useStore(useModal().store, select)
}
