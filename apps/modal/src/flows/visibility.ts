/** The open/close bookkeeping of one modal (see `Visibility`), and the dialog's first render. */
import type { Visibility } from './context'

export function createVisibility(): { visibility: Visibility; dialogRendered: () => void } {
  let dialogRendered = () => {}
  const firstRender = new Promise<void>((resolve) => {
    dialogRendered = resolve
  })
  return {
    visibility: { openings: 0, closing: false, opening: undefined, firstRender },
    dialogRendered: () => dialogRendered(),
  }
}
