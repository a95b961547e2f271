// What the scale bench runs against: the scale stack (scripts/stackScale.mjs) with what its
// replicas need besides, as `npm start` gives them: anvil on a free loopback port seeded with the
// dev chain's tokens and history (the demo project's local chain, for the balances route), the
// dev mail server (the login codes the email route sends), names on (`airlock.eth`), the budgets
// the bench raises, and sign-in with a wallet (SIWX) turned on for the demo project.
import { execFile, spawn } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startDevMail } from '../../scripts/devMail.mjs'
import { root, waitFor } from '../../scripts/stack.mjs'
import { startScaleStack } from '../../scripts/stackScale.mjs'
import { freePort } from '../harness.mjs'
import { raisedBudgets } from './workload.mjs'

/** Whether a JSON-RPC server answers eth_chainId at `url`. */
async function answersRpc(url) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  return response.ok
}

/**
 * Starts anvil (seeded) and the dev mail server, both on free loopback ports.
 * @returns {Promise<{ env: Record<string, string>, stop(): Promise<void> }>}
 */
export async function startBenchServices() {
  const port = await freePort()
  const anvilUrl = `http://127.0.0.1:${port}`
  const anvil = spawn(
    join(root, 'node_modules/.bin/anvil'),
    ['--host', '127.0.0.1', '--port', String(port), '--silent'],
    { stdio: 'ignore' },
  )
  const stopAnvil = () =>
    new Promise((resolve) => {
      if (anvil.exitCode !== null || anvil.signalCode !== null) return resolve(undefined)
      anvil.once('exit', () => resolve(undefined))
      anvil.kill('SIGTERM')
    })
  /** @type {Awaited<ReturnType<typeof startDevMail>> | undefined} */
  let mail
  try {
    await waitFor(`anvil on ${anvilUrl}`, () => answersRpc(anvilUrl), { child: anvil })
    const { seedDevChain } = await import('../../devchain/seed.mjs')
    await seedDevChain({ rpcUrl: anvilUrl })
    mail = await startDevMail({ smtpPort: 0, httpPort: 0, quiet: true })
  } catch (error) {
    await stopAnvil()
    throw error
  }
  const started = mail
  return {
    env: { ANVIL_RPC_URL: anvilUrl, SMTP_URL: started.smtpUrl },
    async stop() {
      await Promise.allSettled([stopAnvil(), started.close()])
    },
  }
}

/**
 * The scale stack of `replicas` on a free port, wired to `services` (startBenchServices), with
 * the raised budgets, names on, `env` added, and SIWX optional on the demo project (through the
 * operator's CLI, as an operator would turn it on). `onReplicaLine` gets each replica's stdout line.
 * @param {{ env: Record<string, string> }} services
 * @param {{ replicas: number, env?: Record<string, string>, onReplicaLine?: (id: string, line: string) => void }} options
 */
export async function startBenchStack(services, { replicas, env = {}, onReplicaLine }) {
  const stack = await startScaleStack({
    replicas,
    port: 0,
    quiet: true,
    env: { ...services.env, ...raisedBudgets, AIRLOCK_NAMES_PARENT: 'airlock.eth', ...env },
    ...(onReplicaLine ? { onReplicaLine } : {}),
  })
  try {
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli.ts', 'projects', 'set', 'demo', '--siwx', 'optional'],
      { cwd: root, env: { ...process.env, DATABASE_URL: stack.databaseUrl } },
    )
  } catch (error) {
    await stack.stop()
    throw new Error(`Could not turn SIWX on for the demo project: ${error.stderr || error.message}`)
  }
  return stack
}
