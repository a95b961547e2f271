/**
 * What a signer does once the visitor approved (sign, send, wait for the bundler): a failure there
 * is reported, for the modal to tell the visitor why, and rethrown unchanged, for the site.
 */

/** Told an error thrown after the visitor's yes; nothing is told of a request they refused. */
export type ReportFailure = (error: unknown) => void

/**
 * @example
 * await approved(request)
 * return afterApproval(onFailedAfterApproval, () => wallet.sendTransaction(transaction))
 */
export async function afterApproval<result>(
  report: ReportFailure | undefined,
  work: () => Promise<result>,
): Promise<result> {
  try {
    return await work()
  } catch (error) {
    report?.(error)
    throw error
  }
}
