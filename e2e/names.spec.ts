// Journey (issue 21, the API side): a name registered through the stack's API, from the modal's
// own origin, resolves for a plain viem client on the stack's anvil: ENS's universal resolver,
// the offchain resolver's OffchainLookup, the API's gateway and its signed answer. No Airlock
// code runs on the client's side.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { nameMessage } from '../packages/protocol/src/names'
import { ensClient } from './support/ens'
import { origins } from './support/ports'
import { expect, test } from './support/test'

test('behavior: a name registered with the API resolves, reverses and shows its avatar for any ENS client', async ({
  page,
}) => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const name = `e2e-${owner.address.slice(2, 10).toLowerCase()}.airlock.eth`
  const avatar = 'https://example.com/avatar.png'
  const message = nameMessage({
    name,
    attributes: { avatar },
    timestamp: Math.floor(Date.now() / 1000),
  })
  const body = {
    coinType: 60,
    address: owner.address,
    signature: await owner.signMessage({ message }),
    message,
  }
  // From a page of the modal's origin, as the frame registers.
  await page.goto(`${origins.modal}/healthz`)
  const registered = await page.evaluate(
    async ({ body, hostOrigin }) => {
      const response = await fetch(
        `/v1/projects/demo/names?${new URLSearchParams({ hostOrigin })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      )
      return { status: response.status, body: await response.json() }
    },
    { body, hostOrigin: origins.demo },
  )
  expect(registered).toMatchObject({ status: 201, body: { name, address: owner.address } })

  expect(await ensClient.getEnsAddress({ name })).toBe(owner.address)
  expect(await ensClient.getEnsText({ name, key: 'avatar' })).toBe(avatar)
  expect(await ensClient.getEnsName({ address: owner.address })).toBe(name)
  expect(await ensClient.getEnsAddress({ name: `nobody-${name}` })).toBeNull()
})
