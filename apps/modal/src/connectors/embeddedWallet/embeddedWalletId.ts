/** The embedded wallet's id, on the page and in the connections it keeps (its own module: the first bundle needs only this). */
export const embeddedWalletId = 'email'
