// The app router's root layout: a server component around the page.
import type { ReactNode } from 'react'

export const metadata = { title: 'Airlock on Next.js' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
