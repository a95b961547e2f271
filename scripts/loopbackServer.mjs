// Listening on loopback and closing again, for the dev stand-ins (devMail, devOidc, devFarcaster,
// devEsplora, devCosmos, devPolkadot, devOnramp), so each of them says only what it serves.

/**
 * Listens on 127.0.0.1 and resolves to the port it got, or rejects with the listen error.
 * An HTTP server keeps idle connections until the client closes them (`keepAliveTimeout` 0):
 * with Node's default, the server closes one after 5 s of quiet, and a client (undici's fetch)
 * that sends on it in that very moment, late on a busy machine, fails with "other side closed".
 * @param {import('node:net').Server} server
 * @param {number} port 0 picks a free port
 * @returns {Promise<number>}
 */
export function listenOnLoopback(server, port) {
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 0
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port)
    })
  })
}

/**
 * Stops an HTTP server now: browsers and fetch keep connections alive, and they must not hold it
 * open.
 * @param {import('node:http').Server} server
 * @returns {Promise<void>}
 */
export function closeHttpServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve(undefined))
    server.closeAllConnections()
  })
}
