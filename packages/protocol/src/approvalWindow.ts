/**
 * The approval window: a top-level page on the modal's own origin where the embedded wallet asks
 * for an approval when the browser can't prove the frame is seen (no IntersectionObserver v2:
 * Firefox, Safari). The API serves the empty page at `approvalWindowPath`; the frame that opened
 * it (same origin) renders the approval into its `rootId` element. Declared here because both
 * sides name them.
 *
 * @example
 * const popup = window.open(approvalWindowPath, `${approvalWindow.namePrefix}${id}`, `popup,width=${approvalWindow.width}`)
 */
export const approvalWindowPath = '/approval-window'

export const approvalWindow = {
  /**
   * The start of the window's name; each window's name ends with a random id, so no page can
   * find it by its name (`window.open('', name)`) and hold it.
   */
  namePrefix: 'airlock-approval-',
  width: 440,
  height: 720,
  /** The id of the page's element the frame renders the approval into. */
  rootId: 'approval-window',
  /** How often the frame checks whether the visitor closed the window, in ms. */
  closedCheckMs: 250,
} as const
