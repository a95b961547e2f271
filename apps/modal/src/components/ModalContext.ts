/** React context that hands the modal runtime (store, navigation, controllers) to views. */
import { createContext } from 'react'
import type { Modal } from '../flows/modal'

export const ModalContext = createContext<Modal | null>(null)
