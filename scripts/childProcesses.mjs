// Child processes and loopback ports for the dev stacks (scripts/stackScale.mjs and the
// services it starts): a free port, whether one accepts connections, stopping or killing a child,
// and reading what it writes.
import { createConnection, createServer } from 'node:net'

/** A loopback TCP port nothing listens on now; `port` itself when given and free. */
export function loopbackPort(port = 0) {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () =>
      reject(
        new Error(
          `Port ${port} on 127.0.0.1 is in use. Stop what runs there or pick another port.`,
        ),
      ),
    )
    server.listen(port, '127.0.0.1', () => {
      const { port: taken } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(taken))
    })
  })
}

/** Whether something accepts TCP connections on the loopback port. */
export function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Kills a child with SIGKILL (`kill -9`); resolves when it is gone. */
export function killChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
    child.once('exit', () => resolve(undefined))
    child.kill('SIGKILL')
  })
}

/** Stops a child: SIGTERM, SIGKILL after `graceMs`; resolves when it is gone. */
export function stopChild(child, graceMs = 6000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
    child.once('exit', () => resolve(undefined))
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref()
  })
}

/** Keeps the last lines a child wrote, for the error that says why it stopped. */
export function tail(child, lines = 20) {
  const kept = []
  const keep = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) kept.push(line)
    kept.splice(0, Math.max(0, kept.length - lines))
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return () => kept.join('\n')
}

/** Calls `onLine` with each whole line `stream` writes, a line split across chunks joined. */
export function eachLine(stream, onLine) {
  let partial = ''
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) onLine(line)
  })
  stream.on('end', () => {
    if (partial.trim()) onLine(partial)
  })
}
