// BIP-322 simple signatures: the official vectors, round trips signed with fresh keys the way a
// wallet signs (scure's signIdx and finalizeIdx on `to_sign`), and what a verifier refuses.
//
// Vectors, each cited where it is used:
// - BIP-322 (bitcoin/bips, bip-0322.mediawiki before its vectors moved to JSON, commit
//   06d39c35fa60fb165fd19d1eaffb0c52d2ea1661, "Test vectors"): the message hashes, the P2WPKH
//   signatures of bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l (key
//   L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k), the to_spend and to_sign ids.
// - bitcoin/bips bip-0322/basic-test-vectors.json and generated-test-vectors.json (commit
//   7fe0b034ec967b52a5a28276419117326df93263): the same signatures with the `smp` prefix the
//   finalized BIP gives simple signatures, a UTF-8 message, P2TR vectors, error cases.
// - Bitcoin Core PR #24058 (the BIP's reference implementation), src/test/util_tests.cpp at
//   29b28d07fa958b89e1c7916fda5d8654474cf495, line 2747: the P2TR signature of "Hello World" by
//   bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3 (the same key, SIGHASH_ALL).
import { secp256k1 } from '@noble/curves/secp256k1'
import { NETWORK, p2tr, p2wpkh, RawWitness, SigHash, WIF } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr, randomPrivateKeyBytes } from '@scure/btc-signer/utils.js'
import { describe, expect, test } from 'vitest'
import { decodeBase64, encodeBase64 } from './base64'
import {
  BitcoinAddressError,
  BitcoinSignatureError,
  bip322MessageHash,
  bip322Signature,
  bip322ToSign,
  bitcoinNetworkParams,
  verifyBitcoinMessage,
} from './bitcoin'

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const mainnet = bitcoinNetworkParams.mainnet
const regtest = bitcoinNetworkParams.regtest

const vectorKey = WIF().decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const segwitAddress = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const taprootAddress = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'

/** The error `run` rejects with (any other outcome fails the test). */
async function refusal(run: () => Promise<unknown>): Promise<Error> {
  const outcome = await run().then(
    () => undefined,
    (error: unknown) => error,
  )
  if (!(outcome instanceof Error)) throw new Error('expected a refusal')
  return outcome
}

describe('official vectors', () => {
  // BIP-322 "Message hashing"; the UTF-8 one from basic-test-vectors.json.
  test.each([
    ['', 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1'],
    ['Hello World', 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a'],
    [
      'UTF-8 support: öäüéàè 测试文本 \u{1F604}',
      '43936b237ea38c7794eb5d755e0d220b6db92ebfc5c8f482759d22b1286376d7',
    ],
  ])('behavior: the message hash of %j is the BIP’s', (message, hash) => {
    expect(hex(bip322MessageHash(message))).toBe(hash)
    expect(hex(bip322MessageHash(new TextEncoder().encode(message)))).toBe(hash)
  })

  // BIP-322 "Transaction Hashes"; the UTF-8 one from basic-test-vectors.json.
  test.each([
    [
      '',
      'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
      '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    ],
    [
      'Hello World',
      'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
      '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    ],
    [
      'UTF-8 support: öäüéàè 测试文本 \u{1F604}',
      'c8f4f525fe8afb1bc09b44175bd2096f079c98425e8a1be676b712add1fb62f0',
      '8f488e06b89eafd019ec528109eafaf7f1d1811fd617aa1eeb9658f1c1be6586',
    ],
  ])(
    'behavior: to_sign for %j spends the BIP’s to_spend and has its id',
    (message, toSpend, toSign) => {
      const transaction = bip322ToSign(message, segwitAddress, mainnet)
      expect(hex(transaction.getInput(0).txid ?? new Uint8Array())).toBe(toSpend)
      expect(transaction.id).toBe(toSign)
      expect(transaction.version).toBe(0)
      expect(transaction.lockTime).toBe(0)
      expect(transaction.getInput(0).sequence).toBe(0)
    },
  )

  test.each([
    // BIP-322 "Message signing": two valid signatures of each message (different nonces).
    [
      segwitAddress,
      '',
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    ],
    [
      segwitAddress,
      '',
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
    [
      segwitAddress,
      'Hello World',
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    ],
    [
      segwitAddress,
      'Hello World',
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
    // basic-test-vectors.json: the same, with the finalized BIP's `smp` prefix.
    [
      segwitAddress,
      'Hello World',
      'smpAkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    ],
    // Bitcoin Core PR #24058, util_tests.cpp line 2747: P2TR key path, 65 bytes (SIGHASH_ALL).
    [
      taprootAddress,
      'Hello World',
      'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
    ],
    // basic-test-vectors.json "No prefix fallback": P2TR, 64 bytes (SIGHASH_DEFAULT), unprefixed.
    [
      'bc1pss0zhytly75awhm6x2hhvd5lnzv3vssgrf9axfheq8ldyzn88ges79fler',
      'No prefix fallback',
      'AUCJYOwOjxYAvatTAGYaVlNXBVyFuc4MwNQkOuK2tl8xhfKDONd0NjfYyNSYcRqeCp8hsAnCEPHAVEkO9h6vbQ/R',
    ],
    // generated-test-vectors.json, "simple": P2WPKH and P2TR.
    [
      'bc1qqthe0hz8klx90e7stf6shclhsvqd5ly96pn53v',
      '2V6TUTMSH4VQ3Z7WZWKYD7DFNH',
      'smpAkgwRQIhALC6hdfxNy1n45d7UXSskRBdfZW0Al259E1kDMpipdYkAiAJPfZqb+WurZuf1apU5xeE6Igui9dvt5tihQLDvxlY1AEhAqbnruyo677ktQjio7XOchO3w51Dh9AbRVngha5jtNfT',
    ],
    [
      'bc1pcquvhrqv0q68t4m0hfq6tpn006qrskyc7yrqnp2uyrf2emg3wynsdjyk38',
      'PURVOQ544B6HUATVBJZN5EZJUU',
      'smpAUB6B2Rbupzua8LTQIF06516wzl+cwKy1be8RgoiW0riyXdKwe6GTz/5Hnb37m67pJwIKCh+D5jDueG6KpvYpmu8',
    ],
  ])(
    'behavior: %s signed %j with the vector’s signature verifies',
    async (address, message, signature) => {
      expect(await verifyBitcoinMessage({ address, message, signature, network: mainnet })).toBe(
        true,
      )
    },
  )

  test('behavior: the vector key’s P2TR address is the Bitcoin Core vector’s', () => {
    expect(p2tr(pubSchnorr(vectorKey), undefined, NETWORK).address).toBe(taprootAddress)
    expect(p2wpkh(pubECDSA(vectorKey), NETWORK).address).toBe(segwitAddress)
  })

  // basic-test-vectors.json and generated-test-vectors.json, "error": a signature of another
  // message, by another address, answers false.
  test.each([
    [
      segwitAddress,
      'Wrong message that was not signed',
      'smpAkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    ],
    [
      'bc1qgg6lpr05az2l5kz402ddz5ez7fdu25kgmd40lf',
      '2V6TUTMSH4VQ3Z7WZWKYD7DFNH',
      'smpAkgwRQIhALC6hdfxNy1n45d7UXSskRBdfZW0Al259E1kDMpipdYkAiAJPfZqb+WurZuf1apU5xeE6Igui9dvt5tihQLDvxlY1AEhAqbnruyo677ktQjio7XOchO3w51Dh9AbRVngha5jtNfT',
    ],
    [
      'bc1pcquvhrqv0q68t4m0hfq6tpn006qrskyc7yrqnp2uyrf2emg3wynsdjyk38',
      '56VM6YK6Y76XTBXNPITF232EPX',
      'smpAUB6B2Rbupzua8LTQIF06516wzl+cwKy1be8RgoiW0riyXdKwe6GTz/5Hnb37m67pJwIKCh+D5jDueG6KpvYpmu8',
    ],
    [
      'bc1pltvk000nd54v3hrrcn7lsffdra72hphpm40rhzf9hn8arqkgermq2p9029',
      'PURVOQ544B6HUATVBJZN5EZJUU',
      'smpAUB6B2Rbupzua8LTQIF06516wzl+cwKy1be8RgoiW0riyXdKwe6GTz/5Hnb37m67pJwIKCh+D5jDueG6KpvYpmu8',
    ],
    [
      taprootAddress,
      '',
      'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
    ],
  ])(
    'behavior: %s and %j with another’s signature answers false',
    async (address, message, signature) => {
      expect(await verifyBitcoinMessage({ address, message, signature, network: mainnet })).toBe(
        false,
      )
    },
  )

  // basic-test-vectors.json, "error": signatures of no form a verifier can read.
  test.each([
    ['not-valid-base64!!!', 'a BIP-322 signature is base64 of a witness stack'],
    ['', 'a BIP-322 signature is base64 of a witness stack'],
    ['fooAA==', 'a BIP-322 signature is base64 of a witness stack'],
    ['smpAA==', 'a P2WPKH signature is a witness of two items'],
    [
      'fulAUDZwFXUp+adN+/UZj5dVrGAbB3zKs1Vcalz5fCF9srxS63eSWNGvH1NYbrBkPt1BJDUyWUz9zgUxfc63/QheT6M',
      'BIP-322 "full" and proof-of-funds signatures are not checked here',
    ],
  ])('behavior: the signature %j is refused as malformed', async (signature, words) => {
    const error = await refusal(() =>
      verifyBitcoinMessage({ address: segwitAddress, message: '', signature, network: mainnet }),
    )
    expect(error).toBeInstanceOf(BitcoinSignatureError)
    expect(error.message).toContain(`Invalid signature: ${words}`)
  })
  // basic-test-vectors.json, "error": the P2WPKH vector's signature for a P2WSH address, and
  // (ours) for a P2PKH one: neither is an address type checked here, which is said.
  test.each([
    ['bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g06tdxfjcd40z4lh4q95lsz9', 'wsh'],
    ['14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc', 'pkh'],
  ])(
    'behavior: a simple signature for %s is refused: not an address type checked here',
    async (address, type) => {
      const error = await refusal(() =>
        verifyBitcoinMessage({
          address,
          message: '',
          signature:
            'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
          network: mainnet,
        }),
      )
      expect(error).toBeInstanceOf(BitcoinSignatureError)
      expect(error.message).toBe(
        `Invalid signature: BIP-322 signatures are checked for P2WPKH and P2TR addresses, not for this one (${type}).`,
      )
    },
  )
})

/** A fresh regtest account of each kind a wallet signs BIP-322 with, and its signature of `message`. */
function freshSigner(kind: 'p2wpkh' | 'p2tr') {
  const privateKey = randomPrivateKeyBytes()
  const internalKey = pubSchnorr(privateKey)
  const address =
    kind === 'p2wpkh'
      ? (p2wpkh(pubECDSA(privateKey), regtest).address as string)
      : (p2tr(internalKey, undefined, regtest).address as string)
  const sign = (message: string) => {
    const toSign = bip322ToSign(message, address, regtest, { tapInternalKey: internalKey })
    toSign.signIdx(privateKey, 0)
    toSign.finalizeIdx(0)
    return bip322Signature(toSign)
  }
  return { address, privateKey, sign }
}

/** The witness of a simple signature, changed by `change`, as a simple signature again. */
function rewriteWitness(signature: string, change: (stack: Uint8Array[]) => Uint8Array[]) {
  const stack = RawWitness.decode(decodeBase64(signature) ?? new Uint8Array())
  return encodeBase64(RawWitness.encode(change(stack.map((item) => item.slice()))))
}

describe.each(['p2wpkh', 'p2tr'] as const)('round trips on regtest: %s', (kind) => {
  const signer = freshSigner(kind)
  const signature = signer.sign('Sign in to shop.example')
  const verify = (overrides: Partial<Parameters<typeof verifyBitcoinMessage>[0]>) =>
    verifyBitcoinMessage({
      address: signer.address,
      message: 'Sign in to shop.example',
      signature,
      network: regtest,
      ...overrides,
    })

  test('behavior: a wallet’s signature of to_sign verifies, with or without the smp prefix', async () => {
    expect(await verify({})).toBe(true)
    expect(await verify({ signature: `smp${signature}` })).toBe(true)
    expect(await verify({ message: new TextEncoder().encode('Sign in to shop.example') })).toBe(
      true,
    )
  })

  test('behavior: another message answers false', async () => {
    expect(await verify({ message: 'Sign in to shop.example ' })).toBe(false)
  })

  test('behavior: another key’s signature answers false', async () => {
    expect(await verify({ signature: freshSigner(kind).sign('Sign in to shop.example') })).toBe(
      false,
    )
  })

  test('behavior: a signature with one bit changed answers false', async () => {
    const tampered = rewriteWitness(signature, (stack) => {
      const first = stack[0] as Uint8Array
      // In r of a DER signature (after its 4 header bytes), or in R of a Schnorr one.
      first[10] = (first[10] ?? 0) ^ 1
      return stack
    })
    expect(await verify({ signature: tampered })).toBe(false)
  })

  test('behavior: an address of another network is refused by name', async () => {
    const error = await refusal(() => verify({ network: mainnet }))
    expect(error).toBeInstanceOf(BitcoinAddressError)
    expect(error.message).toBe(`"${signer.address}" is not a mainnet address: it is a regtest one.`)
    const testnet = await refusal(() => verify({ network: bitcoinNetworkParams.testnet }))
    expect(testnet.message).toBe(
      `"${signer.address}" is not a testnet or signet address: it is a regtest one.`,
    )
  })

  test('behavior: a truncated signature is refused as malformed', async () => {
    const error = await refusal(() => verify({ signature: signature.slice(0, -8) }))
    expect(error).toBeInstanceOf(BitcoinSignatureError)
    expect(error.message).toBe(
      'Invalid signature: a BIP-322 signature is base64 of a witness stack.',
    )
  })
})

describe('what BIP-322 requires of a signature', () => {
  test('behavior: a P2WPKH signature with another sighash type than ALL answers false', async () => {
    const signer = freshSigner('p2wpkh')
    const signature = signer.sign('hello')
    const verify = (candidate: string) =>
      verifyBitcoinMessage({
        address: signer.address,
        message: 'hello',
        signature: candidate,
        network: regtest,
      })
    expect(await verify(signature)).toBe(true)
    // The ECDSA signature is still over the ALL sighash: only the sighash byte says otherwise.
    const single = rewriteWitness(signature, ([sig, key]) => [
      new Uint8Array([...(sig as Uint8Array).subarray(0, -1), SigHash.SINGLE]),
      key as Uint8Array,
    ])
    expect(await verify(single)).toBe(false)
  })

  test('behavior: a high-S P2WPKH signature answers false (BIP-146 low S)', async () => {
    const signer = freshSigner('p2wpkh')
    const signature = signer.sign('hello')
    const highS = rewriteWitness(signature, ([sig, key]) => {
      const der = (sig as Uint8Array).subarray(0, -1)
      const low = secp256k1.Signature.fromDER(der)
      const high = new secp256k1.Signature(low.r, secp256k1.CURVE.n - low.s)
      return [new Uint8Array([...high.toDERRawBytes(), SigHash.ALL]), key as Uint8Array]
    })
    expect(highS).not.toBe(signature)
    expect(
      await verifyBitcoinMessage({
        address: signer.address,
        message: 'hello',
        signature: highS,
        network: regtest,
      }),
    ).toBe(false)
  })

  test('behavior: a P2TR signature of 65 bytes ending in another sighash type than ALL answers false', async () => {
    const signer = freshSigner('p2tr')
    const toSign = bip322ToSign('hello', signer.address, regtest, {
      tapInternalKey: pubSchnorr(signer.privateKey),
    })
    toSign.updateInput(0, { sighashType: SigHash.ALL })
    toSign.signIdx(signer.privateKey, 0, [SigHash.ALL])
    toSign.finalizeIdx(0)
    const signature = bip322Signature(toSign)
    const verify = (candidate: string) =>
      verifyBitcoinMessage({
        address: signer.address,
        message: 'hello',
        signature: candidate,
        network: regtest,
      })
    expect(decodeBase64(signature)?.length).toBe(1 + 1 + 65)
    expect(await verify(signature)).toBe(true)
    // The Schnorr signature is still over the ALL sighash: only its last byte says otherwise.
    const withNone = rewriteWitness(signature, ([sig]) => [
      new Uint8Array([...(sig as Uint8Array).subarray(0, 64), SigHash.NONE]),
    ])
    expect(await verify(withNone)).toBe(false)
  })

  test('behavior: a P2TR witness of another shape (a script path, an annex) is refused as malformed', async () => {
    const signer = freshSigner('p2tr')
    const signature = rewriteWitness(signer.sign('hello'), ([sig]) => [
      sig as Uint8Array,
      new Uint8Array([0x50, 1]),
    ])
    const error = await refusal(() =>
      verifyBitcoinMessage({
        address: signer.address,
        message: 'hello',
        signature,
        network: regtest,
      }),
    )
    expect(error.message).toBe(
      'Invalid signature: a P2TR signature is checked here on the key path: a witness of one Schnorr signature.',
    )
  })

  test('behavior: to_sign is made only for P2WPKH and P2TR addresses, of the network', () => {
    expect(() => bip322ToSign('hello', '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc', mainnet)).toThrow(
      'Invalid signature: BIP-322 simple signatures are made here for P2WPKH and P2TR addresses; 14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc is neither.',
    )
    expect(() => bip322ToSign('hello', segwitAddress, regtest)).toThrow(BitcoinAddressError)
  })

  test('behavior: an unsigned to_sign has no simple signature', () => {
    expect(() => bip322Signature(bip322ToSign('hello', segwitAddress, mainnet))).toThrow(
      'Invalid signature: to_sign has no witness: sign and finalize it first.',
    )
  })
})
