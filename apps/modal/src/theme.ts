/**
 * Applies the page's theme (the project's, with the site's choices over it) to the document: the
 * mode and the (already validated) theme variables; a variable no longer set is removed.
 */
import { type FrameOptions, themeVariableError, themeVariableRules } from '@airlock/protocol'

export function applyTheme(options: Pick<FrameOptions, 'themeMode' | 'themeVariables'>) {
  const root = document.documentElement
  root.dataset.theme = options.themeMode ?? 'dark'
  const variables: Record<string, unknown> = options.themeVariables ?? {}
  for (const key of Object.keys(themeVariableRules)) {
    const value = variables[key]
    // Checked again here: a value that is not safe never reaches the style sheet.
    if (value !== undefined && !themeVariableError(key, value))
      root.style.setProperty(key, String(value))
    else root.style.removeProperty(key)
  }
}
