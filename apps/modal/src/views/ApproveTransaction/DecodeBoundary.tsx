/**
 * Keeps the approval screen whole when what a request does can't be put in words: an error
 * while decoding or rendering a call or a signature shows `fallback` (the raw request, a
 * warning) in its place, and the screen — its Reject above all — stays.
 */
import { Component, type ReactNode } from 'react'

export class DecodeBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
