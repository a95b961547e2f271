/**
 * Props for a control that leads to a view: its code loads as the pointer comes or focus lands,
 * so the view is there by the click. Views reach the loaders through the modal's navigation,
 * not by importing them (the loaders import the views).
 */
import type { View } from '@airlock/protocol'
import type { Navigation } from '../navigation/navigation'

export function preloadOnIntent(modal: { navigation: Navigation }, view: View) {
  const preload = () => modal.navigation.preload(view)
  return { onPointerEnter: preload, onFocus: preload }
}
