/** The string accounts of a wallet's answer or event; anything else is no account. */
export const accountsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
