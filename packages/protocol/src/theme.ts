/**
 * Theme options the site may pass: the mode and a short list of CSS variables. Only known keys
 * with values of a safe shape get through, so a site (or anything that spoofs it) can't inject
 * CSS such as `url(...)` or break out of the declaration.
 */

export const themeModes = ['dark', 'light'] as const
export type ThemeMode = (typeof themeModes)[number]

const color =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]{1,40}\))$/i
const length = /^\d{1,3}(\.\d{1,3})?(px|rem|em)$/
const fontFamily = /^[a-z0-9 ,'"-]{1,100}$/i
const percent = /^(\d{1,2}|100)$/

/** Known theme variables and the shape each value must have. */
export const themeVariableRules = {
  '--airlock-accent': color,
  '--airlock-color-mix': color,
  '--airlock-color-mix-strength': percent,
  '--airlock-font-family': fontFamily,
  '--airlock-font-size-master': length,
  '--airlock-border-radius-master': length,
} as const
export type ThemeVariables = Partial<Record<keyof typeof themeVariableRules, string>>

/**
 * Returns why a theme variable is refused, or undefined when it is safe to apply.
 * @example themeVariableError('--airlock-accent', '#47a1ff') // undefined
 */
export function themeVariableError(key: string, value: unknown): string | undefined {
  if (!Object.hasOwn(themeVariableRules, key)) return `Unknown theme variable "${key}".`
  const rule = themeVariableRules[key as keyof typeof themeVariableRules]
  if (typeof value !== 'string' || !rule.test(value.trim()))
    return `Unsafe value for theme variable "${key}".`
  return undefined
}

/**
 * Whether `value` is theme variables the modal may apply: an object of known variables only,
 * each with a value of a safe shape.
 * @example isThemeVariables({ '--airlock-accent': '#47a1ff' }) // true
 */
export function isThemeVariables(value: unknown): value is ThemeVariables {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([key, variable]) => !themeVariableError(key, variable))
  )
}
