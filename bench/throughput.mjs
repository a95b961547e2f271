// The balances endpoint under load: requests per second and p50/p99 latency with autocannon on
// loopback, served from the cache and read fresh (cache=false) through the built-in indexer.
import autocannon from 'autocannon'

/** Anvil's first account, which the dev-chain seed gives tokens and history. */
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/**
 * @param {string} apiUrl e.g. http://localhost:8787
 * @param {{ durationSeconds?: number, connections?: number }} options
 */
export async function measureBalancesThroughput(apiUrl, options = {}) {
  const { durationSeconds = 10, connections = 32 } = options
  const base = `${apiUrl.replace('localhost', '127.0.0.1')}/v1/accounts/${address}/balances?projectId=demo&chainId=eip155:31337`
  const warm = await fetch(base)
  if (!warm.ok) throw new Error(`balances endpoint answered ${warm.status}: ${await warm.text()}`)
  const run = (url) =>
    new Promise((resolve, reject) => {
      autocannon({ url, connections, duration: durationSeconds }, (error, result) =>
        error ? reject(error) : resolve(result),
      )
    })
  const summarize = (result) => ({
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  })
  const cached = summarize(await run(base))
  const fresh = summarize(await run(`${base}&cache=false`))
  return { cached, fresh, connections, durationSeconds }
}
