/**
 * The test page at the modal's size. Vitest's runner shows the page in a frame it scales down
 * to fit its window, and a scaled frame is not visible by IntersectionObserver v2's rules (as on
 * a host page that scaled it): views whose buttons arm only once seen (ApproveTransaction) need
 * a page that fits unscaled.
 */
import { page } from 'vitest/browser'

export const fitModalUnscaled = () => page.viewport(420, 640)
