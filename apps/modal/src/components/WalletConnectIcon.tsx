/** WalletConnect's logo: the Connect view's entry and the QR code's centre. */

export function WalletConnectIcon({ className }: { className?: string | undefined }) {
  return (
    <svg className={className} viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="10" fill="#3b99fc" />
      <path
        d="M11.2 14.4c3.8-3.7 9.8-3.7 13.6 0l.5.4c.2.2.2.5 0 .7l-1.6 1.5a.3.3 0 0 1-.3 0l-.6-.6a6.6 6.6 0 0 0-9.6 0l-.6.6a.3.3 0 0 1-.3 0l-1.6-1.5a.5.5 0 0 1 0-.7zm16.8 3.1 1.4 1.4c.2.2.2.5 0 .7l-6.4 6.2a.5.5 0 0 1-.7 0L18 21.5a.1.1 0 0 0-.2 0l-4.5 4.3a.5.5 0 0 1-.7 0l-6.4-6.2a.5.5 0 0 1 0-.7l1.4-1.4a.5.5 0 0 1 .7 0l4.5 4.4c.1 0 .2 0 .2 0l4.5-4.4a.5.5 0 0 1 .7 0l4.5 4.4c0 0 .1 0 .2 0l4.5-4.4a.5.5 0 0 1 .7 0z"
        fill="#fff"
      />
    </svg>
  )
}
