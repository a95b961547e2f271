// Output scripts as Esplora shows them and as bitcoind's relay policy judges them: the type name
// (`v0_p2wpkh`, `v1_p2tr`, …), the regtest address paid, the assembly in rust-bitcoin's words (what
// Esplora prints), whether the type is standard, and its dust threshold at bitcoind's default
// dust relay fee (3 sat/vB).
import { Address, OP, OutScript } from '@scure/btc-signer'
import { EsploraError } from './errors.mjs'

/** Regtest's address prefixes: testnet's base58 versions, and `bcrt` for bech32. */
export const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** Esplora's type name, and bitcoind's dust threshold in sats, of each standard output type. */
const standardTypes = {
  pkh: { name: 'p2pkh', dust: 546 },
  sh: { name: 'p2sh', dust: 540 },
  wpkh: { name: 'v0_p2wpkh', dust: 294 },
  wsh: { name: 'v0_p2wsh', dust: 330 },
  tr: { name: 'v1_p2tr', dust: 330 },
}

/** bitcoind's largest standard OP_RETURN output script (-datacarriersize 80 plus its opcodes). */
const maxDataCarrierBytes = 83

const opNames = new Map(Object.entries(OP).map(([name, code]) => [code, name]))

/** @param {Uint8Array} bytes */
export const toHex = (bytes) => Buffer.from(bytes).toString('hex')

/**
 * What an output script is: its OutScript decoding (`type` pkh, sh, wpkh, tr, …, or `unknown`),
 * Esplora's type name, the regtest address it pays (if it has one), and the dust threshold of a
 * standard type (`undefined` for OP_RETURN; `standard` false for the rest).
 * @param {Uint8Array} script
 */
export function describeScript(script) {
  /** @type {ReturnType<typeof OutScript.decode> | undefined} */
  let decoded
  try {
    decoded = OutScript.decode(script)
  } catch {
    decoded = undefined
  }
  const known = decoded && Object.hasOwn(standardTypes, decoded.type)
  if (decoded && known) {
    const type = /** @type {keyof typeof standardTypes} */ (decoded.type)
    return {
      decoded,
      type: standardTypes[type].name,
      address: Address(regtest).encode(decoded),
      standard: true,
      dust: standardTypes[type].dust,
    }
  }
  if (script[0] === OP.RETURN)
    return {
      decoded,
      type: 'op_return',
      address: undefined,
      standard: script.length <= maxDataCarrierBytes,
      dust: undefined,
    }
  return { decoded, type: 'unknown', address: undefined, standard: false, dust: undefined }
}

/**
 * The output script a regtest address pays; a 400 "Invalid Bitcoin address" for anything else
 * (an address of mainnet or testnet's bech32, a bad checksum, not an address at all).
 * @param {string} address
 */
export function addressScript(address) {
  try {
    return OutScript.encode(Address(regtest).decode(address))
  } catch {
    throw new EsploraError(400, 'Invalid Bitcoin address')
  }
}

/**
 * A script's assembly as rust-bitcoin writes it (`OP_0 OP_PUSHBYTES_20 1e48…`), as Esplora shows
 * `scriptpubkey_asm` and `scriptsig_asm`.
 * @param {Uint8Array} script
 */
export function scriptAsm(script) {
  /** @type {string[]} */
  const parts = []
  let at = 0
  while (at < script.length) {
    const op = /** @type {number} */ (script[at])
    at += 1
    if (op === 0) {
      parts.push('OP_0')
      continue
    }
    /** @type {[string, number] | undefined} */
    let push
    if (op <= 75) push = [`OP_PUSHBYTES_${op}`, op]
    else if (op <= 78) {
      const width = op === 76 ? 1 : op === 77 ? 2 : 4
      if (at + width > script.length) return [...parts, '<unexpected end>'].join(' ')
      push = [`OP_PUSHDATA${width}`, Buffer.from(script).readUIntLE(at, width)]
      at += width
    }
    if (push) {
      const [name, size] = push
      if (at + size > script.length) return [...parts, '<unexpected end>'].join(' ')
      parts.push(`${name} ${toHex(script.subarray(at, at + size))}`)
      at += size
    } else if (op === 79) parts.push('OP_PUSHNUM_NEG1')
    else if (op >= 81 && op <= 96) parts.push(`OP_PUSHNUM_${op - 80}`)
    else parts.push(`OP_${opNames.get(op) ?? `UNKNOWN_${op}`}`)
  }
  return parts.join(' ')
}
