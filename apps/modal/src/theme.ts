/** Applies the site's theme mode and its (already validated) theme variables to the document. */
import { type FrameOptions, themeVariableError } from '@airlock/protocol'

export function applyTheme(options: Pick<FrameOptions, 'themeMode' | 'themeVariables'>) {
  const root = document.documentElement
  root.dataset.theme = options.themeMode ?? 'dark'
  for (const [key, value] of Object.entries(options.themeVariables ?? {})) {
    // Checked again here: a value that is not safe never reaches the style sheet.
    if (!themeVariableError(key, value)) root.style.setProperty(key, String(value))
  }
}
