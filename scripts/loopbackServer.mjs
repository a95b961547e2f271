// Listening on loopback and closing again, for the dev stand-ins (devMail, devOidc, devFarcaster),
// so each of them says only what it serves.

/**
 * Listens on 127.0.0.1 and resolves to the port it got, or rejects with the listen error.
 * @param {import('node:net').Server} server
 * @param {number} port 0 picks a free port
 * @returns {Promise<number>}
 */
export function listenOnLoopback(server, port) {
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
