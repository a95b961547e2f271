/** A wallet's icon, or its initial on a tile when it has none we can show. */
import list from '../views/list.module.css'

export function WalletIcon({ name, icon }: { name: string; icon: string }) {
  if (icon) return <img className={list.icon} src={icon} alt="" />
  return (
    <span className={list.iconFallback} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
