/**
 * A brand's mark on an icon tile — a social login's, a network's — drawn from a one-colour SVG
 * (simple-icons) through a CSS mask, in the brand's colour or the text's (so black marks show in
 * both themes).
 */
import list from '../views/list.module.css'

/** The mark's picture (a data: URL), and its colour when it is not the text's. */
export type Mark = { image: string; color?: string }

export function BrandMark({ mark, ...data }: { mark: Mark } & Record<`data-${string}`, string>) {
  return (
    <span className={list.brandMark} aria-hidden="true" {...data}>
      <span
        style={{ maskImage: `url("${mark.image}")`, ...(mark.color ? { color: mark.color } : {}) }}
      />
    </span>
  )
}
