/**
 * A popup window opened blank in the visitor's click itself, so no browser blocks it, centred on
 * the screen: what social login and an onramp checkout each open before their address is known.
 */

/**
 * @example
 * const popup = openCenteredPopup('airlock-social', { width: 500, height: 600 })
 * @returns undefined when the browser blocked it.
 */
export function openCenteredPopup(
  name: string,
  { width, height }: { width: number; height: number },
): Window | undefined {
  const left = Math.max(0, (screen.width - width) / 2)
  const top = Math.max(0, (screen.height - height) / 2)
  return (
    window.open(
      'about:blank',
      name,
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    ) ?? undefined
  )
}
