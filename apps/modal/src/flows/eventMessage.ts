/** An error's message for an analytics event's properties. */
import { withoutQueryStrings } from '../analytics'

/** The first line, short, without query strings. */
export const eventMessage = (error: unknown) =>
  withoutQueryStrings(
    (error instanceof Error ? error.message : String(error)).split('\n')[0]!,
  ).slice(0, 300)
