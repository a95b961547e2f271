/**
 * A QR code of a pairing URI, drawn as SVG from the `qrcode` library's module matrix (loaded
 * with the WalletConnect chunk, not the first bundle), dark on white whatever the theme so every
 * camera reads it, with a logo in the middle — error correction Q leaves room for it.
 */
import { useEffect, useState } from 'react'
import styles from './QrCode.module.css'

type Matrix = { size: number; dark: boolean[] }

async function qrMatrix(text: string): Promise<Matrix> {
  const { create } = await import('qrcode')
  const { modules } = create(text, { errorCorrectionLevel: 'Q' })
  const dark: boolean[] = []
  for (let index = 0; index < modules.size * modules.size; index++) dark.push(!!modules.data[index])
  return { size: modules.size, dark }
}

/** The squares of the dark modules as one path, leaving the logo's square empty. */
function modulesPath({ size, dark }: Matrix, logoModules: number): string {
  const logoStart = Math.floor((size - logoModules) / 2)
  const inLogo = (at: number) => at >= logoStart && at < logoStart + logoModules
  let path = ''
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++)
      if (dark[row * size + column] && !(inLogo(row) && inLogo(column)))
        path += `M${column} ${row}h1v1h-1z`
  return path
}

export function QrCode({
  value,
  logo,
  label,
}: {
  value: string
  logo: React.ReactNode
  label: string
}) {
  const [matrix, setMatrix] = useState<{ value: string; matrix: Matrix }>()
  useEffect(() => {
    let current = true
    qrMatrix(value).then((next) => {
      if (current) setMatrix({ value, matrix: next })
    })
    return () => {
      current = false
    }
  }, [value])
  const shown = matrix?.value === value ? matrix.matrix : undefined
  // About a fifth of the width, odd so it centres on a module.
  const logoModules = shown ? Math.floor(shown.size / 5) | 1 : 0
  return (
    <div className={styles.qr} role="img" aria-label={label} data-uri={value} data-ready={!!shown}>
      {shown ? (
        <svg
          viewBox={`-2 -2 ${shown.size + 4} ${shown.size + 4}`}
          shapeRendering="crispEdges"
          aria-hidden="true"
        >
          <rect x={-2} y={-2} width={shown.size + 4} height={shown.size + 4} fill="#fff" />
          <path d={modulesPath(shown, logoModules)} fill="#141414" />
        </svg>
      ) : (
        <div className={styles.placeholder} />
      )}
      {shown && <div className={styles.logo}>{logo}</div>}
    </div>
  )
}
