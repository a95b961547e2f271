/** The words of the lists' Load more, beside it so they load with it. */
export const loadMoreText = {
  loadMore: 'Load more',
  loadingMore: 'Loading…',
} as const
