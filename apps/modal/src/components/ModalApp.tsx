/**
 * The modal's whole tree for one modal: the dialog's shell over the view stack, with the modal
 * in context. The frame's entry (main.tsx) and the view tests (test/renderView.tsx) render this
 * same tree.
 */
import { StrictMode } from 'react'
import type { Modal } from '../flows/modal'
import { ViewStack } from '../navigation/ViewStack'
import type { ViewRouter } from '../navigation/viewRouter'
import { ModalContext } from './ModalContext'
import { Shell } from './Shell'

export function ModalApp({ modal, router }: { modal: Modal; router: ViewRouter }) {
  return (
    <StrictMode>
      <ModalContext value={modal}>
        <ViewStack router={router}>
          <Shell />
        </ViewStack>
      </ModalContext>
    </StrictMode>
  )
}
