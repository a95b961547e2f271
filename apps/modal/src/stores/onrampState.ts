/** The Buy form's state (spec §3 Onramp state), apart from onramp.ts so the store can hold it. */
import type { OnrampProviderId } from '@airlock/protocol'

/**
 * The Buy form as the visitor leaves it (spec §3 Onramp state): kept in the modal's store, so
 * the amount is still there when they come back to Buy. An undefined choice is the default.
 */
export type OnrampForm = {
  /** The fiat amount as typed, e.g. '100.50'. */
  paymentAmount: string
  purchaseCurrency: string | undefined
  paymentCurrency: string | undefined
  paymentMethod: string | undefined
  /** The provider the visitor picked; undefined: the best quote. */
  selectedProvider: OnrampProviderId | undefined
  /** The country the visitor picked (ISO 3166-1 alpha-2); undefined: the browser language's. */
  country: string | undefined
}

export const emptyOnrampForm: OnrampForm = {
  paymentAmount: '',
  purchaseCurrency: undefined,
  paymentCurrency: undefined,
  paymentMethod: undefined,
  selectedProvider: undefined,
  country: undefined,
}
