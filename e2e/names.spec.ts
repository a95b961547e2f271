// Journey (issue 21, the API side): a name registered through the stack's API, from the modal's
// own origin, resolves for a plain viem client on the stack's anvil: ENS's universal resolver,
// the offchain resolver's OffchainLookup, the API's gateway and its signed answer. No Airlock
// code runs on the client's side.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ensClient, registerName } from './support/ens'
import { expect, test } from './support/test'

test('behavior: a name registered with the API resolves, reverses and shows its avatar for any ENS client', async ({
  request,
}) => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const name = `e2e-${owner.address.slice(2, 10).toLowerCase()}.airlock.eth`
  const avatar = 'https://example.com/avatar.png'
  const registered = await registerName(request, { owner, name, attributes: { avatar } })
  expect(registered).toMatchObject({ status: 201, body: { name, address: owner.address } })

  expect(await ensClient.getEnsAddress({ name })).toBe(owner.address)
  expect(await ensClient.getEnsText({ name, key: 'avatar' })).toBe(avatar)
  expect(await ensClient.getEnsName({ address: owner.address })).toBe(name)
  expect(await ensClient.getEnsAddress({ name: `nobody-${name}` })).toBeNull()
})
